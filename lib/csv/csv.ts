import type { Locale } from "@/i18n/config";
import { isoInZone } from "@/lib/time/zone";

/**
 * The one CSV writer of every export, on the server (`csvResponse`) and in the
 * browser (`downloadCsv`). Files are written for a spreadsheet in the reader's
 * language: Excel with Russian regional settings splits on `;` and reads `1,5`
 * (the comma is its decimal mark), with English ones on `,` and `1.5`. Rows
 * hold what the reader sees: translated column names and labels, not codes
 * (the builders in lib/analytics/*-csv.ts take the same labels as the screens).
 * Every date-time is written as ISO 8601 with the offset of the reader's time zone
 * (`2026-11-27T19:05:00+07:00`), whatever offset the data came with: one form in every file.
 */
export type CsvCell = string | number | null | undefined;
export type CsvRow = readonly CsvCell[];
export type CsvSeparator = ";" | ",";

/** Excel reads a BOM as "this file is UTF-8"; without it Cyrillic opens garbled. */
export const UTF8_BOM = "\uFEFF";

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

export function csvSeparator(locale: Locale): CsvSeparator {
  return locale === "en" ? "," : ";";
}

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR at the
 * start) gets a leading apostrophe: a reason typed as `=HYPERLINK(…)` must not
 * run on the reader's machine. Numbers are data, not typed text: -5 stays a number.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A number as the reader's spreadsheet parses it: no grouping, the decimal mark of the file's separator. */
function csvNumber(value: number, separator: CsvSeparator): string {
  if (!Number.isFinite(value)) return "";
  const text = String(value);
  return separator === ";" ? text.replace(".", ",") : text;
}

/** An ISO 8601 date-time with a time of day and an offset or Z (a bare date is a day, left as it is). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** RFC 4180: quote a field holding the separator, a quote, CR or LF (or edge spaces); double inner quotes. */
export function csvField(value: CsvCell, separator: CsvSeparator, timeZone?: string): string {
  if (value === null || value === undefined) return "";
  const inZone = timeZone && typeof value === "string" && DATE_TIME.test(value) ? isoInZone(value, timeZone) : undefined;
  const text = typeof value === "number" ? csvNumber(value, separator) : inZone || neutralise(value);
  const special = text.includes(separator) || /["\r\n]|^\s|\s$/.test(text);
  return special ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined with CRLF (the RFC's line break, which Excel expects), no trailing newline. */
export function toCsv(rows: readonly CsvRow[], separator: CsvSeparator, timeZone?: string): string {
  return rows.map((row) => row.map((cell) => csvField(cell, separator, timeZone)).join(separator)).join("\r\n");
}

/** The file's whole text for a reader of `locale` in `timeZone`: BOM, then the rows, each ended by CRLF. */
export function csvDocument(rows: readonly CsvRow[], locale: Locale, timeZone: string): string {
  return rows.length === 0 ? UTF8_BOM : `${UTF8_BOM}${toCsv(rows, csvSeparator(locale), timeZone)}\r\n`;
}

/** A file name safe on every OS: letters, digits, dots, dashes and underscores only. */
export function csvFileName(parts: readonly (string | number)[]): string {
  const base = parts
    .map((p) => String(p).replace(/[^\p{L}\p{N}._-]+/gu, "-").replace(/^-+|-+$/g, ""))
    .filter(Boolean)
    .join("_");
  return `${base || "export"}.csv`;
}
