import { describe, expect, it } from "vitest";
import { csvDocument, csvField, csvFileName, csvSeparator, neutralise, toCsv, UTF8_BOM } from "./csv";
import { csvContentDisposition, csvResponse } from "./response";

/** A spreadsheet's reading of a file (RFC 4180), to check what the writer's output reads back as. */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += c;
    } else if (c === separator) {
      endField();
    } else if (c === "\r" && text[i + 1] === "\n") {
      endRow();
      i += 1;
    } else {
      field += c;
    }
  }
  if (field || row.length) endRow();
  return rows;
}

describe("formulas", () => {
  it.each([
    ["=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"],
    ["+7 999", "'+7 999"],
    ["-1+2", "'-1+2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
  ])("a text starting like a formula gets a leading apostrophe: %j", (text, safe) => {
    expect(neutralise(text)).toBe(safe);
  });

  it("leaves other texts and numbers alone", () => {
    expect(neutralise("a=b")).toBe("a=b");
    expect(neutralise("'quoted")).toBe("'quoted");
    expect(neutralise("")).toBe("");
    expect(csvField(-12, ";")).toBe("-12");
    expect(csvField("a=b", ";")).toBe("a=b");
  });

  it("neutralises before quoting, so the apostrophe sits inside the quotes", () => {
    expect(csvField('=HYPERLINK("http://x")', ",")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField("\r=1", ";")).toBe(`"'\r=1"`);
    expect(csvField("=1;2", ";")).toBe(`"'=1;2"`);
    expect(csvField("=1;2", ",")).toBe("'=1;2");
  });
});

describe("quoting (RFC 4180)", () => {
  it("quotes a field holding the separator, and only the file's separator", () => {
    expect(csvField("plain", ",")).toBe("plain");
    expect(csvField("a,b", ",")).toBe('"a,b"');
    expect(csvField("a,b", ";")).toBe("a,b");
    expect(csvField("a;b", ";")).toBe('"a;b"');
  });

  it("doubles inner quotes", () => {
    expect(csvField('он сказал "да"', ";")).toBe('"он сказал ""да"""');
    expect(csvField('"', ",")).toBe('""""');
  });

  it("keeps newlines inside a quoted field", () => {
    expect(csvField("строка 1\nстрока 2", ";")).toBe('"строка 1\nстрока 2"');
    expect(csvField("a\r\nb", ",")).toBe('"a\r\nb"');
  });

  it("quotes edge spaces, which spreadsheets would trim", () => {
    expect(csvField(" lead", ",")).toBe('" lead"');
    expect(csvField("trail ", ",")).toBe('"trail "');
  });

  it("writes empty cells for nothing", () => {
    expect(csvField(null, ",")).toBe("");
    expect(csvField(undefined, ",")).toBe("");
    expect(csvField("", ",")).toBe("");
    expect(csvField(0, ",")).toBe("0");
  });

  it("reads back as the same cells", () => {
    const rows = [
      ["Пост", "Текст", "Причина"],
      ["1042", 'Кофе, "круассан"; чай\r\nи ещё строка', "=1+2"],
      ["", " ", "@x"],
    ];
    for (const separator of [";", ","] as const) {
      const back = parseCsv(toCsv(rows, separator), separator);
      expect(back).toEqual([rows[0], [rows[1]?.[0], rows[1]?.[1], "'=1+2"], ["", " ", "'@x"]]);
    }
  });
});

describe("numbers", () => {
  it("use the decimal mark of the reader's spreadsheet, never grouping", () => {
    expect(csvField(1.5, ";")).toBe("1,5");
    expect(csvField(1.5, ",")).toBe("1.5");
    expect(csvField(1234567, ";")).toBe("1234567");
    expect(csvField(-0.25, ";")).toBe("-0,25");
  });

  it("write nothing for a value that is not a number", () => {
    expect(csvField(Number.NaN, ";")).toBe("");
    expect(csvField(Number.POSITIVE_INFINITY, ",")).toBe("");
  });
});

describe("separator and document", () => {
  it("is ; for the Russian interface and , for the English one", () => {
    expect(csvSeparator("ru")).toBe(";");
    expect(csvSeparator("en")).toBe(",");
  });

  it("joins fields with the separator and rows with CRLF", () => {
    const rows = [
      ["Пост", "Просмотры", "Лайки"],
      ["Кофе, круассан; чай", 1200, null],
      ['"Утро"', 5, 3],
    ];
    expect(toCsv(rows, ";")).toBe('Пост;Просмотры;Лайки\r\n"Кофе, круассан; чай";1200;\r\n"""Утро""";5;3');
    expect(toCsv(rows, ",")).toBe('Пост,Просмотры,Лайки\r\n"Кофе, круассан; чай",1200,\r\n"""Утро""",5,3');
  });

  it("starts with a UTF-8 BOM, ends every row with CRLF, and picks the separator by locale", () => {
    const doc = csvDocument([["Кампания", "Зерно"], [], ["Доля", 0.5]], "ru", "Europe/Moscow");
    expect(doc).toBe("\uFEFFКампания;Зерно\r\n\r\nДоля;0,5\r\n");
    expect(csvDocument([["Campaign", "Grain"], ["Share", 0.5]], "en", "Europe/Moscow")).toBe("\uFEFFCampaign,Grain\r\nShare,0.5\r\n");
    expect(new TextEncoder().encode(doc).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csvDocument([], "en", "Europe/Moscow")).toBe(UTF8_BOM);
  });

  it("builds safe file names", () => {
    expect(csvFileName(["campaign", 7, "engagement", "2026-10-01", "2026-10-31"])).toBe("campaign_7_engagement_2026-10-01_2026-10-31.csv");
    expect(csvFileName(["a/b:c", ""])).toBe("a-b-c.csv");
    expect(csvFileName(["Зерно и кофе"])).toBe("Зерно-и-кофе.csv");
    expect(csvFileName([])).toBe("export.csv");
  });
});

describe("csvResponse", () => {
  it("answers the document as a UTF-8 attachment, BOM included, with the route's own headers", async () => {
    const res = csvResponse([["Запись", "Причина"], [1, "=x"]], { locale: "ru", timeZone: "Europe/Moscow", fileName: "audit-2026-11-20.csv", headers: { "Cache-Control": "no-store" } });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="audit-2026-11-20.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe("\uFEFFЗапись;Причина\r\n1;'=x\r\n");
  });

  it("names a non-ASCII file with filename* and an ASCII fallback", () => {
    expect(csvContentDisposition("кампания_7.csv")).toBe(`attachment; filename="${"_".repeat("кампания".length)}_7.csv"; filename*=UTF-8''${encodeURIComponent("кампания_7.csv")}`);
  });
});

describe("date-times in a file", () => {
  it("are ISO 8601 with the reader's zone's offset, whatever offset the data came with; days and text stay", () => {
    const rows = [
      ["UTC", "2026-11-27T12:05:09.123Z"],
      ["upstream", "2026-11-27T15:05:09+03:00"],
      ["day", "2026-11-27"],
      ["text", "at 2026-11-27T12:05:09Z sharp"],
    ];
    expect(csvDocument(rows, "en", "Asia/Novosibirsk")).toBe(
      "\uFEFFUTC,2026-11-27T19:05:09+07:00\r\nupstream,2026-11-27T19:05:09+07:00\r\nday,2026-11-27\r\ntext,at 2026-11-27T12:05:09Z sharp\r\n",
    );
    expect(csvDocument([["x", "2026-11-27T12:05:09Z"]], "ru", "Europe/Moscow")).toBe("\uFEFFx;2026-11-27T15:05:09+03:00\r\n");
  });
});
