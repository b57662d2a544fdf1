import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "./compile-hints.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function build(files: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), "hints-"));
  dirs.push(dist);
  for (const [name, text] of Object.entries(files)) {
    const file = join(dist, name);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, text);
  }
  return dist;
}

describe("addCompileHints", () => {
  it("puts the hint on the first line of every browser chunk, once", () => {
    const dist = build({
      "static/chunks/a.js": "(globalThis.TURBOPACK||[]).push([1]);\n",
      "static/chunks/nested/b.js": "self.x=1;",
      "static/chunks/c.css": "a{}",
      "server/chunks/d.js": "module.exports=1;",
    });
    expect(addCompileHints(dist)).toBe(2);
    expect(readFileSync(join(dist, "static/chunks/a.js"), "utf8")).toBe(`${COMPILE_HINT}\n(globalThis.TURBOPACK||[]).push([1]);\n`);
    expect(readFileSync(join(dist, "static/chunks/nested/b.js"), "utf8")).toBe(`${COMPILE_HINT}\nself.x=1;`);
    // Styles and the server's own chunks are not the browser's scripts.
    expect(readFileSync(join(dist, "static/chunks/c.css"), "utf8")).toBe("a{}");
    expect(readFileSync(join(dist, "server/chunks/d.js"), "utf8")).toBe("module.exports=1;");
    // A second run (a build step run twice) changes nothing.
    expect(addCompileHints(dist)).toBe(0);
    expect(readFileSync(join(dist, "static/chunks/a.js"), "utf8").split(COMPILE_HINT)).toHaveLength(2);
  });

  it("moves the chunk's source map down one line with it", () => {
    const dist = build({
      "static/chunks/a.js": "f();\n//# sourceMappingURL=0abc.js.map",
      "static/chunks/0abc.js.map": JSON.stringify({ version: 3, sources: ["a.ts"], names: [], mappings: "AAAA" }),
      "static/chunks/b.js": "g();\n//# sourceMappingURL=0def.js.map",
      "static/chunks/0def.js.map": JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: { version: 3, sources: [], names: [], mappings: "" } }] }),
    });
    addCompileHints(dist);
    expect(JSON.parse(readFileSync(join(dist, "static/chunks/0abc.js.map"), "utf8")).mappings).toBe(";AAAA");
    expect(JSON.parse(readFileSync(join(dist, "static/chunks/0def.js.map"), "utf8")).sections[0].offset.line).toBe(1);
  });

  it("finds nothing to mark where there is no build", () => {
    expect(addCompileHints(join(tmpdir(), "no-such-build-dir"))).toBe(0);
  });
});
