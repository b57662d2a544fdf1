import { describe, expect, it } from "vitest";
import { csvDocument, csvField, csvFileName, toCsv, UTF8_BOM } from "./csv";

describe("CSV", () => {
  it("quotes commas, quotes and newlines, and doubles inner quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('он сказал "да"')).toBe('"он сказал ""да"""');
    expect(csvField("строка 1\nстрока 2")).toBe('"строка 1\nстрока 2"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
    expect(csvField(" lead")).toBe('" lead"');
  });

  it("writes numbers as they are and empty cells for null", () => {
    expect(csvField(0)).toBe("0");
    expect(csvField(-12)).toBe("-12");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("produces exact rows joined with CRLF", () => {
    const rows = [
      ["Пост", "Просмотры", "Лайки"],
      ["Кофе, круассан", 1200, null],
      ['"Утро"', 5, 3],
    ];
    expect(toCsv(rows)).toBe('Пост,Просмотры,Лайки\r\n"Кофе, круассан",1200,\r\n"""Утро""",5,3');
  });

  it("prepends a UTF-8 BOM so Excel opens Cyrillic correctly", () => {
    const doc = csvDocument([["Кампания"]]);
    expect(doc.startsWith(UTF8_BOM)).toBe(true);
    expect(doc).toBe("\uFEFFКампания");
    expect(new TextEncoder().encode(doc).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("builds safe file names", () => {
    expect(csvFileName(["campaign", 7, "engagement", "2026-10-01", "2026-10-31"])).toBe(
      "campaign_7_engagement_2026-10-01_2026-10-31.csv",
    );
    expect(csvFileName(["a/b:c", ""])).toBe("a-b-c.csv");
  });
});
