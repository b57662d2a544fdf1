import { strToU8, zipSync } from "fflate";
import type { Locale } from "@/i18n/config";
import { csvDocument, type CsvRow } from "./csv";

/**
 * An export of several tables: one flat CSV file per table in a zip, so a
 * spreadsheet opens each as a sheet of one header row and data rows (several
 * tables stacked in one CSV break sorting, filters and charts).
 */
export type CsvTable = { name: string; rows: readonly CsvRow[] };

export const ZIP_CONTENT_TYPE = "application/zip";

/** The zip's bytes: each table as `<name>.csv`, written by the one CSV writer for `locale` in `timeZone`. */
export function csvZip(tables: readonly CsvTable[], locale: Locale, timeZone: string): Uint8Array<ArrayBuffer> {
  const files: Record<string, Uint8Array> = {};
  for (const t of tables) files[`${safeName(t.name)}.csv`] = strToU8(csvDocument(t.rows, locale, timeZone));
  // Fixed modification time: the same data gives the same bytes.
  return zipSync(files, { level: 6, mtime: new Date("2020-01-01T00:00:00Z") });
}

function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}._-]+/gu, "-").replace(/^-+|-+$/g, "") || "table";
}

/** A zip's file name from parts, like csvFileName: letters, digits, dots, dashes and underscores only. */
export function zipFileName(parts: readonly (string | number)[]): string {
  const base = parts.map((p) => safeName(String(p))).filter((p) => p !== "table").join("_");
  return `${base || "export"}.zip`;
}
