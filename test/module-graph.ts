import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * A plain reading of the project's import graph, for tests that need to know what a page's code
 * reaches (i18n/client-areas.test.ts). It follows `import … from`, `export … from`, side-effect
 * imports and `import("…")` (next/dynamic's loaders) through "@/…" and relative paths; packages and
 * type-only imports are not followed. Comments are dropped first, so a comment that quotes code is
 * not read as code.
 */
export const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");

const IMPORT = /(?:import|export)\s+(?!type\s)[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/** The file an import names (through "@/…" or a relative path), or null for a package or a missing file. */
export function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, join(base, "index.tsx"), join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every source file (.ts, .tsx) reachable from `entry` (a path from the project's root), with its text without comments. */
export function reachableSources(entry: string): Map<string, string> {
  const sources = new Map<string, string>();
  const pending = [join(ROOT, entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (sources.has(file) || !/\.tsx?$/.test(file)) continue;
    const source = withoutComments(readFileSync(file, "utf8"));
    sources.set(file, source);
    for (const m of source.matchAll(IMPORT)) {
      const target = resolveImport(file, (m[1] ?? m[2] ?? m[3]) as string);
      if (target) pending.push(target);
    }
  }
  return sources;
}
