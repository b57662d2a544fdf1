import type { Locale } from "@/i18n/config";
import { CSV_CONTENT_TYPE, csvDocument, type CsvRow } from "./csv";
import { csvZip, ZIP_CONTENT_TYPE, type CsvTable } from "./zip";

/** Starts a download of the blob in the browser (a temporary link). */
function downloadBlob(fileName: string, blob: Blob): void {
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

/** Starts a download of the rows in the browser (Blob + a temporary link), written by the one CSV writer. */
export function downloadCsv(fileName: string, rows: readonly CsvRow[], locale: Locale, timeZone: string): void {
  downloadBlob(fileName, new Blob([csvDocument(rows, locale, timeZone)], { type: CSV_CONTENT_TYPE }));
}

/** Several tables: a zip of one flat CSV per table (lib/csv/zip.ts). */
export function downloadCsvZip(fileName: string, tables: readonly CsvTable[], locale: Locale, timeZone: string): void {
  downloadBlob(fileName, new Blob([csvZip(tables, locale, timeZone)], { type: ZIP_CONTENT_TYPE }));
}
