import { describe, expect, it } from "vitest";
import { hasVisibleText, visibleText } from "./visible-text";

describe("visible text", () => {
  it("refuses text made only of what nobody sees", () => {
    const invisible = [
      "",
      "   ",
      "\u200b", // zero-width space
      "\u200b\u200c\u200d", // zero-width space, non-joiner, joiner
      "\u2060", // word joiner
      "\ufeff", // byte order mark
      "\u200e\u200f\u202a\u202c", // direction marks and embeddings
      "\u00a0\u3000\t\n", // no-break and ideographic spaces, tab, newline
      "\u0301\u0300", // combining accents alone
      "\u0000\u001f", // control characters
      "\u2028\u2029", // line and paragraph separators
      "\u00ad", // soft hyphen
    ];
    for (const s of invisible) {
      expect(hasVisibleText(s), JSON.stringify(s)).toBe(false);
      expect(visibleText(500).safeParse(s).success, JSON.stringify(s)).toBe(false);
    }
  });

  it("takes any real reason, in any script, emoji and punctuation included, trimmed", () => {
    for (const s of ["Ok", "Срочно, согласовано с юристом", "法务已确认", "👍", "1", "!", "\u200bпричина\u200b"]) {
      expect(hasVisibleText(s), s).toBe(true);
      expect(visibleText(500).safeParse(s).success, s).toBe(true);
    }
    expect(visibleText(500).parse("  причина  ")).toBe("причина");
    expect(visibleText(5).safeParse("слишком длинно").success).toBe(false);
  });
});
