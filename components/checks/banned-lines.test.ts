import { describe, expect, it } from "vitest";
import { fromLines, toLines } from "./banned-lines";

// The banned list as a new admin types it: any case, Russian words for the severity, a Windows paste.
describe("banned lines", () => {
  it("reads a severity in any case or by its Russian name, and none as a warning", () => {
    const parsed = fromLines("гарантия дохода | Block | Доход обещать нельзя\r\nлучший | ПРЕДУПРЕЖДЕНИЕ\r\nчудо | блок\r\nскидка\r\nбесплатно | | без заметки\r\n");
    expect(parsed).toEqual({
      ok: true,
      banned: [
        { phrase: "гарантия дохода", severity: "block", note: "Доход обещать нельзя" },
        { phrase: "лучший", severity: "warn", note: "" },
        { phrase: "чудо", severity: "block", note: "" },
        { phrase: "скидка", severity: "warn", note: "" },
        { phrase: "бесплатно", severity: "warn", note: "без заметки" },
      ],
    });
  });

  it("names the line of an unknown severity, and a note keeps its own separators", () => {
    expect(fromLines("ok | warn\nплохо | strict | x")).toEqual({ ok: false, line: 2 });
    const parsed = fromLines("фраза | block | одно | другое");
    expect(parsed.ok && parsed.banned[0]!.note).toBe("одно | другое");
    expect(toLines([{ phrase: "фраза", severity: "block", note: "одно | другое" }])).toBe("фраза | block | одно | другое");
  });
});
