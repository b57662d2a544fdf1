// `npm run build`: `next build` (its arguments passed on), then the compile hints on the
// browser's chunks (scripts/compile-hints.mjs). Every production build goes through here:
// the demo, the e2e run, the benchmarks and the Dockerfile.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { addCompileHints } from "./compile-hints.mjs";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const tsconfigBefore = readFileSync("tsconfig.json", "utf8");
const started = Date.now();
const build = spawnSync("npx", ["next", "build", ...process.argv.slice(2)], { stdio: "inherit" });
forgetDistDirTypes();
if (build.status !== 0) process.exit(build.status ?? 1);
// `--experimental-build-mode=compile` writes the chunks; `generate` only prerenders: either way they are there now.
const hinted = addCompileHints(distDir);
console.log(`compile hints: ${hinted} browser chunks in ${distDir} marked for eager compilation`);
console.log(`build: ${Math.round((Date.now() - started) / 1000)} s`);

/**
 * `next build` adds its folder's generated types to tsconfig.json's include list. A build into a
 * helper folder (NEXT_DIST_DIR=.next-e2e-ann) would leave the tree changed; its lines go again.
 */
function forgetDistDirTypes() {
  let now;
  try {
    now = JSON.parse(readFileSync("tsconfig.json", "utf8"));
  } catch {
    return;
  }
  const before = JSON.parse(tsconfigBefore);
  const added = new Set([`${distDir}/types/**/*.ts`, `${distDir}/dev/types/**/*.ts`].filter((p) => !before.include?.includes(p)));
  if (!Array.isArray(now.include) || !now.include.some((p) => added.has(p))) return;
  now.include = now.include.filter((p) => !added.has(p));
  writeFileSync("tsconfig.json", `${JSON.stringify(now, null, 2)}\n`);
}
