import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, reachableSources, withoutComments } from "@/test/module-graph";
import { MESSAGE_AREAS } from "./config";
import { pickMessages, SHELL_AREAS } from "./client-areas";

/**
 * useEnumLabel (components/post/labels.ts) reads `review.<group>` for the group its caller names:
 * its own useTranslations("review") is not counted, its callers' groups are.
 */
const ENUM_LABELS = "components/post/labels.ts";

/**
 * The messages the code reachable from `entry` reads in the browser: for each useTranslations
 * namespace, its area's second-level group ("review.queue.toast" reads "review.queue"), or the
 * whole area for a top-level namespace (keys under it may be built at run time); no namespace at
 * all reads every area. A whole area covers its groups.
 */
function partsUsedFrom(entry: string): string[] {
  const whole = new Set<string>();
  const groups = new Set<string>();
  for (const [file, source] of reachableSources(entry)) {
    for (const m of source.matchAll(/useTranslations\(\s*(?:["'`]([^"'`]*)["'`])?\s*\)/g)) {
      const namespace = m[1];
      if (!namespace) MESSAGE_AREAS.forEach((area) => whole.add(area));
      else if (relative(ROOT, file) === ENUM_LABELS && namespace === "review") continue;
      else {
        const [area, group] = namespace.split(".") as [string, string | undefined];
        if (group === undefined || namespace.includes("${")) whole.add(area);
        else groups.add(`${area}.${group}`);
      }
    }
    for (const m of source.matchAll(/(?<!function\s)useEnumLabel\(\s*([^,)]+)/g)) {
      const literal = /^["']([^"']+)["']$/.exec((m[1] as string).trim());
      if (literal) groups.add(`review.${(literal[1] as string).split(".")[0]}`);
      else whole.add("review");
    }
  }
  return sorted([...whole, ...[...groups].filter((g) => !whole.has(g.split(".")[0] as string))]);
}

const areaOf = (part: string) => part.split(".")[0] as string;
const beyondShell = (parts: readonly string[]) => parts.filter((p) => !(SHELL_AREAS as readonly string[]).includes(areaOf(p)));

function filesUnder(name: RegExp, dir = join(ROOT, "app")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(name, join(dir, e.name)) : name.test(e.name) ? [relative(ROOT, join(dir, e.name))] : [],
  );
}

const sorted = (areas: Iterable<string>) => [...areas].sort();
const sourceOf = (file: string) => withoutComments(readFileSync(join(ROOT, file), "utf8"));

describe("message areas sent to the browser", () => {
  it("layouts and the states rendered in their place use only the shell's areas", () => {
    const shellFiles = filesUnder(/^(layout|error|global-error|not-found|loading|template)\.tsx$/);
    expect(shellFiles).toContain("app/layout.tsx");
    for (const file of shellFiles) {
      const outside = beyondShell(partsUsedFrom(file));
      expect(outside, `${file} renders components that use ${outside.join(", ")}: add them to SHELL_AREAS`).toEqual([]);
    }
  });

  it.each(filesUnder(/^page\.tsx$/))("%s sends exactly the messages beyond the shell's that its components use", (file) => {
    const needed = beyondShell(partsUsedFrom(file));
    const declared = [...sourceOf(file).matchAll(/withPageMessages\(\s*\[([^\]]*)\]/g)];
    expect(declared.length, `${file}: export default withPageMessages([…], Page)`).toBe(needed.length > 0 ? 1 : 0);
    const areas = declared[0] ? sorted([...(declared[0][1] as string).matchAll(/"([a-zA-Z.]+)"/g)].map((m) => m[1] as string)) : [];
    expect(areas, `${file}: withPageMessages(${JSON.stringify(needed)}, …)`).toEqual(needed);
  });

  it("picks whole areas and groups of one, and skips unknown ones", () => {
    const messages = { common: { a: "1" }, review: { b: "2" }, collab: { c: { d: "3" }, e: "4", f: "5" } };
    expect(pickMessages(messages, ["review", "share", "collab.c", "collab.f", "collab.nope", "trends.x"])).toEqual({
      review: { b: "2" },
      collab: { c: { d: "3" }, f: "5" },
    });
    expect(pickMessages(messages, ["collab.constructor" as "collab.c"])).toEqual({});
  });
});

describe("content rendered outside the page's tree", () => {
  it("every element handed to the toaster carries the page's messages", () => {
    for (const file of filesUnder(/\.tsx$/, join(ROOT, "components"))) {
      // sonner's toast(<…>) renders the element inside the root's toaster: the shell's areas only.
      const handed = [...sourceOf(file).matchAll(/toast\(\s*(<\w+)|action:\s*\(?\s*(<\w+)/g)].map((m) => m[1] ?? m[2]);
      for (const element of handed) expect(element, `${file}: wrap what toast() renders in <MoreMessages messages={useMessages()}>`).toBe("<MoreMessages");
    }
  });
});
