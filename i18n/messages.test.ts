import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES, MESSAGE_AREAS, SERVER_AREAS } from "./config";
import { icuArguments } from "./icu-args";

// Russian and English must offer the same texts: a key missing in one language
// shows its path (or throws) on the page of the person who reads that language,
// and a placeholder named differently is left unfilled (or throws) there.

const dir = (locale: string) => fileURLToPath(new URL(`../messages/${locale}/`, import.meta.url));
const files = (locale: string) => readdirSync(dir(locale)).filter((f) => f.endsWith(".json")).sort();

/** Every leaf of a message file with its key path (`queue.filters.status`). */
function leaves(value: unknown, prefix = ""): [string, unknown][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
const keyPaths = (value: unknown) => leaves(value).map(([key]) => key);

const read = (locale: string, file: string): unknown => JSON.parse(readFileSync(dir(locale) + file, "utf8"));
const messagesOf = (locale: string, file: string) => new Map(leaves(read(locale, file)));

describe("message files", () => {
  it("keyPaths lists leaves, not groups", () => {
    expect(keyPaths({ a: { b: "x", c: { d: "y" } }, e: "z" })).toEqual(["a.b", "a.c.d", "e"]);
  });

  it("exist for every language with the same names", () => {
    const [first, ...rest] = LOCALES;
    for (const locale of rest) expect(files(locale), locale).toEqual(files(first));
  });

  it("are exactly the areas the app loads and types, and the server's own (i18n/config.ts)", () => {
    expect(files("ru")).toEqual([...MESSAGE_AREAS, ...SERVER_AREAS].map((a) => `${a}.json`).sort());
  });

  for (const file of files("ru")) {
    it(`${file}: Russian and English have exactly the same keys`, () => {
      const ru = new Set(keyPaths(read("ru", file)));
      const en = new Set(keyPaths(read("en", file)));
      expect({ onlyInRussian: [...ru].filter((k) => !en.has(k)), onlyInEnglish: [...en].filter((k) => !ru.has(k)) }).toEqual({
        onlyInRussian: [],
        onlyInEnglish: [],
      });
    });

    it(`${file}: every text is a non-empty string with the same ICU placeholders in both languages`, () => {
      const ru = messagesOf("ru", file);
      const en = messagesOf("en", file);
      const mismatches: Record<string, { ru: string[]; en: string[] }> = {};
      const notText: string[] = [];
      for (const [key, ruText] of ru) {
        const enText = en.get(key);
        if (typeof ruText !== "string" || ruText === "") notText.push(`ru:${key}`);
        if (typeof enText !== "string" || enText === "") notText.push(`en:${key}`);
        if (typeof ruText !== "string" || typeof enText !== "string") continue;
        const args = { ru: icuArguments(ruText), en: icuArguments(enText) };
        if (args.ru.join() !== args.en.join()) mismatches[key] = args;
      }
      expect(notText).toEqual([]);
      expect(mismatches).toEqual({});
    });
  }
});

describe("icuArguments", () => {
  it("lists simple and typed arguments", () => {
    expect(icuArguments("Пост №{id}: {message}")).toEqual(["id", "message"]);
    expect(icuArguments("{n, number} at {at, date, short} {price, number, ::currency/EUR}")).toEqual(["at", "n", "price"]);
    expect(icuArguments("no arguments")).toEqual([]);
  });

  it("lists a plural's argument and the arguments inside its branches, not its categories", () => {
    const ru = "{count, plural, one {# пост от {who}} few {# поста от {who}} many {# постов от {who}} other {# поста от {who}}}";
    const en = "{count, plural, =0 {none} one {# post by {who}} other {# posts by {who}}}";
    expect(icuArguments(ru)).toEqual(["count", "who"]);
    expect(icuArguments(en)).toEqual(icuArguments(ru));
    expect(icuArguments("{n, plural, offset:1 one {#} other {# {x}}}")).toEqual(["n", "x"]);
    expect(icuArguments("{role, select, editor {ред. {name}} other {{role}}}")).toEqual(["name", "role"]);
  });

  it("tells apart texts whose placeholders differ", () => {
    expect(icuArguments("Пост №{id}")).not.toEqual(icuArguments("Post #{postId}"));
    expect(icuArguments("{shown, plural, other {# из}} {total}")).toEqual(icuArguments("Showing {shown} of {total, plural, other {#}}"));
  });

  it("reads quoted braces and apostrophes as text", () => {
    expect(icuArguments("The project's campaigns")).toEqual([]);
    expect(icuArguments("It''s '{literal}' and {real}")).toEqual(["real"]);
    expect(icuArguments("{n, plural, other {'#' is # of {total}}}")).toEqual(["n", "total"]);
  });

  it("lists rich-text tags", () => {
    expect(icuArguments("Press <kbd>j</kbd> or <b>{key}</b>")).toEqual(["<b>", "<kbd>", "key"]);
  });

  it("throws on unbalanced braces, so a broken text fails the file's test", () => {
    expect(() => icuArguments("{id")).toThrow();
    expect(() => icuArguments("id}")).toThrow();
    expect(() => icuArguments("{n, plural, one {#}")).toThrow();
  });
});
