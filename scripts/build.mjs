// `npm run build`: `next build` (its arguments passed on), then the compile hints on the
// browser's chunks (scripts/compile-hints.mjs). Every production build goes through here:
// the demo, the e2e run, the benchmarks and the Dockerfile.
import { spawnSync } from "node:child_process";
import { addCompileHints } from "./compile-hints.mjs";

const build = spawnSync("npx", ["next", "build", ...process.argv.slice(2)], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
// `--experimental-build-mode=compile` writes the chunks; `generate` only prerenders: either way they are there now.
const distDir = process.env.NEXT_DIST_DIR || ".next";
console.log(`compile hints: ${addCompileHints(distDir)} browser chunks in ${distDir} marked for eager compilation`);
