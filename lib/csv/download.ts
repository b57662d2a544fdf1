import type { Locale } from "@/i18n/config";
import { CSV_CONTENT_TYPE, csvDocument, type CsvRow } from "./csv";

/** Starts a download of the rows in the browser (Blob + a temporary link), written by the one CSV writer. */
export function downloadCsv(fileName: string, rows: readonly CsvRow[], locale: Locale, timeZone: string): void {
  const blob = new Blob([csvDocument(rows, locale, timeZone)], { type: CSV_CONTENT_TYPE });
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
