export type CsvCell = string | number | boolean | null | undefined;
export type CsvRow = readonly CsvCell[];

/** Excel reads a BOM as "this file is UTF-8"; without it Cyrillic opens garbled. */
export const UTF8_BOM = "\uFEFF";

/** RFC 4180: quote a field holding a comma, quote, CR or LF (or edge spaces); double inner quotes. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n;]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined with CRLF (the RFC's line break, which Excel expects), no trailing newline. */
export function toCsv(rows: readonly CsvRow[]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n");
}

/** The file's whole text: BOM first, then the rows. */
export function csvDocument(rows: readonly CsvRow[]): string {
  return UTF8_BOM + toCsv(rows);
}

/** A file name safe on every OS: letters, digits, dots, dashes and underscores only. */
export function csvFileName(parts: readonly (string | number)[]): string {
  const base = parts
    .map((p) => String(p).replace(/[^\p{L}\p{N}._-]+/gu, "-").replace(/^-+|-+$/g, ""))
    .filter(Boolean)
    .join("_");
  return `${base || "export"}.csv`;
}

/** Starts a download of the rows in the browser (Blob + a temporary link). */
export function downloadCsv(fileName: string, rows: readonly CsvRow[]): void {
  const blob = new Blob([csvDocument(rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, so the download has the blob.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
