// Marks the browser's chunks of a production build for eager compilation, so a phone
// compiles them while they download instead of on the main thread when the app starts.
//
// V8 compiles a function lazily, on its first call, on the main thread. A chunk here is
// mostly module factories that Turbopack's runtime calls one after another when the page
// starts: on a phone (4× slower CPU) that start was the longest task of every page
// (~550 ms on /campaigns, about half of it compiling). A script whose first line is the
// magic comment `//# allFunctionsCalledOnLoad` (Chrome's explicit compile hints, since
// Chrome 136) has all its functions compiled as it streams in, off the main thread.
// Measured with bench/profile-page.ts, same build with and without: blocking after first
// paint on /campaigns 840–917 → 191–319 ms, a queue 897–1,084 → 289–363 ms. Browsers that
// do not know the comment read a comment.
//
// Run by scripts/build.mjs after `next build`. Idempotent. A chunk's source map (builds with
// NEXT_BROWSER_SOURCE_MAPS=1) gets one empty line in front too, so it still points right.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

function jsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : [],
  );
}

/** Shifts a source map down one generated line (the hint's), in place. */
function shiftMap(file) {
  if (!existsSync(file)) return;
  const map = JSON.parse(readFileSync(file, "utf8"));
  if (Array.isArray(map.sections)) for (const s of map.sections) s.offset.line += 1;
  else map.mappings = `;${map.mappings}`;
  writeFileSync(file, JSON.stringify(map));
}

/** Adds the hint to every chunk under `<distDir>/static/chunks` that lacks it; returns how many it marked. */
export function addCompileHints(distDir) {
  let marked = 0;
  for (const file of jsFiles(join(distDir, "static", "chunks"))) {
    const code = readFileSync(file, "utf8");
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, `${COMPILE_HINT}\n${code}`);
    const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
    if (mapName && !mapName.startsWith("data:")) shiftMap(join(dirname(file), mapName));
    marked += 1;
  }
  return marked;
}

