/** Which layout of a table is rendered: the table, the cards (below 640 px), or both with CSS choosing. */
export type TableLayout = "table" | "cards" | "both";

/**
 * The layout the server renders (and hydration repeats), from the request's
 * `Sec-CH-UA-Mobile` client hint (read in app/layout.tsx): Chromium browsers
 * say on every request whether they are a phone. `?1` gets the cards, `?0`
 * the table, no hint (Safari, Firefox) both, with CSS showing the right one.
 * A phone held wide enough for the table, or a desktop window narrower than
 * 640 px, gets the other layout right after hydration. Plain module (no
 * "use client"): the server layout calls it.
 */
export function layoutFromMobileHint(header: string | null | undefined): TableLayout {
  if (header === "?1") return "cards";
  if (header === "?0") return "table";
  return "both";
}
