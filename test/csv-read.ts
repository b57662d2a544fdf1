import { strFromU8, unzipSync } from "fflate";

/**
 * How a spreadsheet reads our files back, for tests and e2e (no CSV library is a
 * dependency): RFC 4180 with the file's separator, a BOM dropped, CRLF rows,
 * quoted fields that may hold separators, quotes and line breaks.
 */
export function readCsv(text: string, separator = ";"): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else field += c;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** A zip's CSV files by name, each read as rows. */
export function readCsvZip(bytes: Uint8Array, separator = ";"): Record<string, string[][]> {
  const files = unzipSync(bytes);
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, readCsv(strFromU8(data), separator)]));
}

/** True when every row has the header's width: one flat table, nothing stacked under it. */
export function isFlat(rows: readonly (readonly string[])[]): boolean {
  const width = rows[0]?.length ?? 0;
  return width > 0 && rows.every((r) => r.length === width);
}
