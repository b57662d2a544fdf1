import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./config";

// Russian and English must offer the same texts: a key missing in one language
// shows its path (or throws) on the page of the person who reads that language.

const dir = (locale: string) => fileURLToPath(new URL(`../messages/${locale}/`, import.meta.url));
const files = (locale: string) => readdirSync(dir(locale)).filter((f) => f.endsWith(".json")).sort();

/** Every leaf key path of a message file (`queue.filters.status`). */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

const keysOf = (locale: string, file: string) => new Set(keyPaths(JSON.parse(readFileSync(dir(locale) + file, "utf8"))));

describe("message files", () => {
  it("keyPaths lists leaves, not groups", () => {
    expect(keyPaths({ a: { b: "x", c: { d: "y" } }, e: "z" })).toEqual(["a.b", "a.c.d", "e"]);
  });

  it("exist for every language with the same names", () => {
    const [first, ...rest] = LOCALES;
    for (const locale of rest) expect(files(locale), locale).toEqual(files(first));
  });

  for (const file of files("ru")) {
    it(`${file}: Russian and English have exactly the same keys`, () => {
      const ru = keysOf("ru", file);
      const en = keysOf("en", file);
      expect({ onlyInRussian: [...ru].filter((k) => !en.has(k)), onlyInEnglish: [...en].filter((k) => !ru.has(k)) }).toEqual({
        onlyInRussian: [],
        onlyInEnglish: [],
      });
    });
  }
});
