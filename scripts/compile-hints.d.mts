/** The magic first line that asks V8 to compile a script's functions eagerly (scripts/compile-hints.mjs). */
export const COMPILE_HINT: string;
/** Adds the hint to every chunk under `<distDir>/static/chunks` that lacks it; returns how many it marked. */
export function addCompileHints(distDir: string): number;
