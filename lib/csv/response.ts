import type { Locale } from "@/i18n/config";
import { CSV_CONTENT_TYPE, csvDocument, type CsvRow } from "./csv";
import { csvZip, ZIP_CONTENT_TYPE, type CsvTable } from "./zip";

/**
 * `attachment` with the file's name: the plain `filename` for every client
 * (non-ASCII replaced), plus RFC 6266's `filename*` when the name needs UTF-8.
 */
export function csvContentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\]/g, "_");
  return ascii === fileName ? `attachment; filename="${fileName}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A route handler's answer with the rows as a file for a reader of `locale` in `timeZone` (lib/server/profile/request-zone.ts). */
export function csvResponse(
  rows: readonly CsvRow[],
  { locale, timeZone, fileName, headers }: { locale: Locale; timeZone: string; fileName: string; headers?: HeadersInit },
): Response {
  const answer = new Headers(headers);
  answer.set("Content-Type", CSV_CONTENT_TYPE);
  answer.set("Content-Disposition", csvContentDisposition(fileName));
  return new Response(csvDocument(rows, locale, timeZone), { headers: answer });
}

/** A route handler's answer with several tables: a zip of one flat CSV per table, named `fileName` (.zip). */
export function csvZipResponse(
  tables: readonly CsvTable[],
  { locale, timeZone, fileName, headers }: { locale: Locale; timeZone: string; fileName: string; headers?: HeadersInit },
): Response {
  const answer = new Headers(headers);
  answer.set("Content-Type", ZIP_CONTENT_TYPE);
  answer.set("Content-Disposition", csvContentDisposition(fileName));
  return new Response(csvZip(tables, locale, timeZone), { headers: answer });
}
