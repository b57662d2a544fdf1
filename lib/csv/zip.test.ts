import { describe, expect, it } from "vitest";
import { isFlat, readCsv, readCsvZip } from "@/test/csv-read";
import { csvContentDisposition, csvZipResponse } from "./response";
import { csvZip, zipFileName } from "./zip";

const tables = [
  { name: "campaign", rows: [["Кампания", "ID"], ["Зерно; утро", 101]] },
  { name: "trend", rows: [["День", "Просмотры", "Замер"], ["2026-11-01", 1.5, "2026-11-01T20:00:00Z"], ["2026-11-02", null, null]] },
];

describe("csvZip", () => {
  it("writes one flat CSV per table, numbers in the reader's form, no data as an empty cell", () => {
    const files = readCsvZip(csvZip(tables, "ru", "Asia/Novosibirsk"));
    expect(Object.keys(files).sort()).toEqual(["campaign.csv", "trend.csv"]);
    for (const rows of Object.values(files)) expect(isFlat(rows)).toBe(true);
    expect(files["campaign.csv"]).toEqual([["Кампания", "ID"], ["Зерно; утро", "101"]]);
    // Russian: the comma is the decimal mark; a date-time in the reader's zone with its offset.
    expect(files["trend.csv"]?.[1]).toEqual(["2026-11-01", "1,5", "2026-11-02T03:00:00+07:00"]);
    expect(files["trend.csv"]?.[2]).toEqual(["2026-11-02", "", ""]);
  });

  it("writes English files with commas and dots, and the same bytes for the same data", () => {
    const zip = csvZip(tables, "en", "UTC");
    expect(readCsvZip(zip, ",")["trend.csv"]?.[1]).toEqual(["2026-11-01", "1.5", "2026-11-01T20:00:00+00:00"]);
    expect(Buffer.from(csvZip(tables, "en", "UTC")).equals(Buffer.from(zip))).toBe(true);
  });

  it("answers a route with a zip named for download", async () => {
    const r = csvZipResponse(tables, { locale: "ru", timeZone: "UTC", fileName: zipFileName(["campaign", 101, "trend", "2026-11-01", "2026-11-30"]) });
    expect(r.headers.get("content-type")).toBe("application/zip");
    expect(r.headers.get("content-disposition")).toBe(csvContentDisposition("campaign_101_trend_2026-11-01_2026-11-30.zip"));
    expect(Object.keys(readCsvZip(new Uint8Array(await r.arrayBuffer())))).toHaveLength(2);
  });

  it("reads quoted separators, quotes and line breaks back", () => {
    expect(readCsv('\uFEFFa;"b;""c""\r\nd"\r\n1;\r\n')).toEqual([["a", 'b;"c"\r\nd'], ["1", ""]]);
  });
});
