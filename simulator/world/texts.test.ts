import { describe, expect, it } from "vitest";
import { Rng } from "../prng";
import { composeText, wholeWords } from "./texts";
import type { ThemeKey } from "./types";

// The word search that replaced a regular expression per synonym finds exactly what that expression found.
const byPattern = (text: string, word: string) => {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [...text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "giu"))].map((m) => ({ index: m.index, word: m[0] }));
};
const search = (text: string, word: string) => wholeWords(text, text.toLowerCase(), word.toLowerCase());

describe("whole words of a synonym in a post's text", () => {
  it("finds a word only between non-letters, in any case, left to right and not overlapping", () => {
    const cases: [string, string][] = [
      ["Очень просто. ОЧЕНЬ! очень-очень", "очень"],
      ["Оченьвкусно и неочень, 2очень, очень2, «очень»", "очень"],
      ["Больше всего, больше  всего и больше всегоо", "больше всего"],
      ["😀очень😀 и 𝐀очень", "очень"],
      ["", "очень"],
    ];
    for (const [text, word] of cases) expect(search(text, word), `${word} in ${text}`).toEqual(byPattern(text, word));
    expect(search("Очень просто. ОЧЕНЬ! очень-очень", "очень").map((m) => m.word)).toEqual(["Очень", "ОЧЕНЬ", "очень", "очень"]);
    expect(search("Оченьвкусно и неочень", "очень")).toEqual([]);
  });

  it("agrees with the expression on composed texts of every theme", () => {
    const themes: ThemeKey[] = ["coffee", "fitness", "school_tasks", "school_stories", "school_launch", "flowers"];
    const words = ["очень", "просто", "каждый день", "больше всего", "в особенности", "лучше", "около", "например"];
    const rng = new Rng(7);
    for (const theme of themes) {
      for (const format of ["SHORT", "MEDIUM", "LONG"]) {
        const text = composeText(rng, theme, format);
        for (const word of words) expect(search(text, word), `${word} in a ${theme} text`).toEqual(byPattern(text, word));
      }
    }
  });
});
