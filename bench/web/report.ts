// Plain-text tables and the figures' formatting for bench/web.ts.

/** A plain-text table; columns in `left` are left-aligned (default: the first), the rest right-aligned. */
export function table(head: string[], rows: (string | number)[][], left: number[] = [0]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (left.includes(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ").trimEnd();
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

export const ms = (v: number | null | undefined): string => (v === null || v === undefined ? "–" : `${Math.round(v)}`);
export const kb = (bytes: number | null | undefined): string => (bytes === null || bytes === undefined || bytes < 0 ? "–" : (bytes / 1024).toFixed(1));
export const cls = (v: number | null | undefined): string => (v === null || v === undefined ? "–" : v.toFixed(3));
export const pct = (v: number | null | undefined): string => (v === null || v === undefined ? "–" : String(v));

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? null) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** The file name of a script URL, or "(document)" for the page itself. */
export function shortUrl(url: string, pageUrl?: string): string {
  if (!url) return "(unattributed)";
  if (pageUrl && url.split("?")[0] === pageUrl.split("?")[0]) return "(document)";
  try {
    const u = new URL(url);
    return u.pathname.startsWith("/_next/static/chunks/") ? u.pathname.slice("/_next/static/chunks/".length) : `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
