import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, reachableSources, withoutComments } from "@/test/module-graph";
import { MESSAGE_AREAS, type MessageArea } from "./config";
import { pickAreas, SHELL_AREAS } from "./client-areas";

/** The message areas the code reachable from `entry` reads with useTranslations (no namespace: all of them). */
function areasUsedFrom(entry: string): Set<MessageArea> {
  const used = new Set<MessageArea>();
  for (const source of reachableSources(entry).values()) {
    for (const m of source.matchAll(/useTranslations\(\s*(?:["'`]([^"'`]*)["'`])?\s*\)/g)) {
      const namespace = m[1];
      if (!namespace) MESSAGE_AREAS.forEach((area) => used.add(area));
      else used.add(namespace.split(".")[0] as MessageArea);
    }
  }
  return used;
}

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
      const outside = sorted(areasUsedFrom(file)).filter((area) => !(SHELL_AREAS as readonly string[]).includes(area));
      expect(outside, `${file} renders components that use ${outside.join(", ")}: add them to SHELL_AREAS`).toEqual([]);
    }
  });

  it.each(filesUnder(/^page\.tsx$/))("%s sends exactly the areas beyond the shell's that its components use", (file) => {
    const needed = sorted(areasUsedFrom(file)).filter((area) => !(SHELL_AREAS as readonly string[]).includes(area));
    const declared = [...sourceOf(file).matchAll(/withPageMessages\(\[([^\]]*)\]/g)];
    expect(declared.length, `${file}: export default withPageMessages([…], Page)`).toBe(needed.length > 0 ? 1 : 0);
    const areas = declared[0] ? sorted([...(declared[0][1] as string).matchAll(/"([a-z]+)"/g)].map((m) => m[1] as string)) : [];
    expect(areas, `${file}: withPageMessages(${JSON.stringify(needed)}, …)`).toEqual(needed);
  });

  it("picks whole areas and skips unknown ones", () => {
    const messages = { common: { a: "1" }, review: { b: "2" } };
    expect(pickAreas(messages, ["review", "share"])).toEqual({ review: { b: "2" } });
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
