import { describe, expect, it } from "vitest";
import { csvDocument, csvField, csvFileName, csvSeparator, toCsv, UTF8_BOM } from "./csv";

describe("CSV writer", () => {
  it("quotes the separator, quotes and newlines, and doubles inner quotes", () => {
    expect(csvField("plain", ",")).toBe("plain");
    expect(csvField("a,b", ",")).toBe('"a,b"');
    expect(csvField("a,b", ";")).toBe("a,b");
    expect(csvField("a;b", ";")).toBe('"a;b"');
    expect(csvField('он сказал "да"', ";")).toBe('"он сказал ""да"""');
    expect(csvField("строка 1\nстрока 2", ";")).toBe('"строка 1\nстрока 2"');
    expect(csvField("a\r\nb", ",")).toBe('"a\r\nb"');
    expect(csvField(" lead", ",")).toBe('" lead"');
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvField("=HYPERLINK(\"http://x\")", ",")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField("+7 999", ";")).toBe("'+7 999");
    expect(csvField("-1+2", ";")).toBe("'-1+2");
    expect(csvField("@SUM(A1)", ";")).toBe("'@SUM(A1)");
    expect(csvField("\t=1", ";")).toBe("'\t=1");
    expect(csvField("\r=1", ";")).toBe(`"'\r=1"`);
    // Only the start matters; numbers are values, not typed text.
    expect(csvField("a=b", ";")).toBe("a=b");
    expect(csvField(-12, ";")).toBe("-12");
  });

  it("writes numbers as they are and empty cells for null", () => {
    expect(csvField(0, ",")).toBe("0");
    expect(csvField(null, ",")).toBe("");
    expect(csvField(undefined, ",")).toBe("");
    expect(csvField(true, ",")).toBe("true");
  });

  it("separates with ; for the Russian interface and , for the English one", () => {
    expect(csvSeparator("ru")).toBe(";");
    expect(csvSeparator("en")).toBe(",");
    const rows = [
      ["Пост", "Просмотры", "Лайки"],
      ["Кофе, круассан; чай", 1200, null],
      ['"Утро"', 5, 3],
    ];
    expect(toCsv(rows, ";")).toBe('Пост;Просмотры;Лайки\r\n"Кофе, круассан; чай";1200;\r\n"""Утро""";5;3');
    expect(toCsv(rows, ",")).toBe('Пост,Просмотры,Лайки\r\n"Кофе, круассан; чай",1200,\r\n"""Утро""",5,3');
  });

  it("starts the document with a UTF-8 BOM and ends every row with CRLF", () => {
    const doc = csvDocument([["Кампания", "Зерно"]], "ru");
    expect(doc.startsWith(UTF8_BOM)).toBe(true);
    expect(doc).toBe("\uFEFFКампания;Зерно\r\n");
    expect(csvDocument([["Campaign", "Grain"]], "en")).toBe("\uFEFFCampaign,Grain\r\n");
    expect(new TextEncoder().encode(doc).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("builds safe file names", () => {
    expect(csvFileName(["campaign", 7, "engagement", "2026-10-01", "2026-10-31"])).toBe("campaign_7_engagement_2026-10-01_2026-10-31.csv");
    expect(csvFileName(["a/b:c", ""])).toBe("a-b-c.csv");
  });
});
