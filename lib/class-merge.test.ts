import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { mergeClasses, unindexedPatterns } from "./class-merge";

// mergeClasses stands in for tailwind-merge in the browser (lib/cn.ts). The library stays a
// development dependency as the reference: on every ordered pair of the classes written in
// the code base, both must keep the same classes. A new kind of utility that the small
// table does not know yet shows up here as the pairs that disagree.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.endsWith("class-merge.ts") ? [path] : [];
  });
}

/** Every whitespace-separated word of a string literal that looks like a Tailwind class. */
function classesInSource(): string[] {
  const found = new Set<string>();
  for (const file of ["components", "app", "lib"].flatMap(sourceFiles)) {
    for (const m of readFileSync(file, "utf8").matchAll(/(["'`])([^"'`\n]*)\1/g)) {
      for (const word of (m[2] ?? "").split(/\s+/)) {
        if (/^!?([a-z0-9-]+:)*-?[a-z][a-z0-9-]*(\/[0-9.]+)?(-?\[[^\]\s]+\])?(\/\d+)?!?$/.test(word) && word.includes("-")) found.add(word);
        else if (/^([a-z0-9-]+:)*(block|inline|flex|grid|contents|hidden|fixed|absolute|relative|sticky|truncate|underline|italic|uppercase|border|rounded|shadow|outline|ring|shrink|grow|transition)$/.test(word)) found.add(word);
      }
    }
  }
  return [...found].sort();
}

describe("mergeClasses", () => {
  const classes = classesInSource();

  it("reaches every rule through the letters its utilities start with", () => {
    // A rule whose pattern the index cannot read is tried for every class: still right, but slow.
    expect(unindexedPatterns()).toEqual([]);
  });

  it("finds the code base's classes", () => {
    expect(classes.length).toBeGreaterThan(300);
    expect(classes).toEqual(expect.arrayContaining(["h-9", "px-4", "text-sm", "text-zinc-700", "dark:bg-zinc-900", "rounded-lg"]));
  });

  it("keeps what tailwind-merge keeps, for every ordered pair of those classes", () => {
    const disagree: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const list = `${a} ${b}`;
        const ours = mergeClasses(list);
        const reference = twMerge(list);
        if (ours !== reference) disagree.push(`"${list}": ours "${ours}", tailwind-merge "${reference}"`);
      }
    }
    if (process.env.CLASS_MERGE_DUMP) writeFileSync(process.env.CLASS_MERGE_DUMP, disagree.join("\n"));
    expect(disagree.slice(0, 40), `${disagree.length} pairs disagree`).toEqual([]);
    // Over a million pairs: ~10 s alone, more than the default 20 s on a busy 2-core machine (one CI run).
  }, 120_000);

  it("overrides within the same variants only, important apart", () => {
    for (const list of [
      "h-9 px-4 h-7",
      "p-2 px-4",
      "px-4 p-2",
      "hover:bg-zinc-100 bg-white hover:bg-zinc-50",
      "dark:hover:bg-zinc-800 hover:dark:bg-zinc-900",
      "md:p-2 sm:p-4",
      "!p-2 p-4",
      "p-2 !p-4",
      "text-sm leading-5 text-base",
      "leading-5 text-sm",
      "border border-zinc-200 border-t-2 border-red-300",
      "rounded-lg rounded-t-xl rounded-md",
      "inset-0 left-2 inset-x-4",
      "w-[min(32rem,calc(100vw-2rem))] w-full",
      "bg-[repeating-linear-gradient(45deg,transparent,transparent_4px,rgb(0_0_0/0.25)_4px)] bg-zinc-100",
      "my-class other h-4 my-class",
      "focus-visible:outline-2 focus-visible:outline-offset-2 outline-none focus-visible:outline-blue-600 outline",
    ]) {
      expect(mergeClasses(list), list).toBe(twMerge(list));
    }
  });
});
