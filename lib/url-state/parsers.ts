import { createParser, debounce, type Options } from "nuqs/server";

/**
 * Building blocks of the pages' URL state, as nuqs parsers. Imported from
 * `nuqs/server` (no "use client"), so the same parser runs in a server
 * page's loader and in a client component's `useQueryStates`.
 *
 * A URL is user input: every parser returns `null` for a value it does not
 * accept, and nuqs then falls back to the field's default, silently and
 * field by field, so a hand-edited or outdated link still opens a page.
 */

/**
 * How every page writes its URL state: `replace` (a filter change is not a
 * history entry, the link stays shareable) and `shallow` (the data is fetched
 * by the client's queries, so no server round trip per change).
 */
export const URL_STATE_OPTIONS = { history: "replace", shallow: true } satisfies Options;

/** Text typed into a search box reaches the URL once typing pauses; the screen follows at once. */
export const SEARCH_URL_UPDATES = { limitUrlUpdates: debounce(300) } satisfies Options;

/** A positive id (`1`…`999999999999999`: 15 digits stay a safe integer), or null. */
const toId = (v: string): number | null => (/^\d{1,15}$/.test(v) && Number(v) >= 1 ? Number(v) : null);

export const parseAsId = createParser<number>({ parse: toId, serialize: String });

/** A 1-based page number, short enough that page × size stays a sensible offset. */
export const parseAsPage = createParser<number>({
  parse: (v) => (/^\d{1,9}$/.test(v) && Number(v) >= 1 ? Number(v) : null),
  serialize: String,
});

/** One of a few whole numbers (`20`, `50`…), written plainly: no `1e2`, `0x14` or `50.0`. */
export function parseAsIntLiteral<const T extends number>(values: readonly T[]) {
  return createParser<T>({
    parse: (v) => (/^\d{1,9}$/.test(v) && (values as readonly number[]).includes(Number(v)) ? (Number(v) as T) : null),
    serialize: String,
  });
}

/** A calendar day, `YYYY-MM-DD`, that exists (no 2026-02-30). */
export const parseAsDay = createParser<string>({
  parse: (v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
    const t = Date.parse(`${v}T00:00:00Z`);
    return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== v ? null : v;
  },
  serialize: String,
});

/**
 * A comma-separated set of known values (`status=WAITING_APPROVAL,APPROVED`),
 * case-insensitive on the way in, unknown ones dropped; kept in the list's
 * canonical order without repeats, so the same filter always makes the same
 * URL and the same query key. Nothing known left → the default.
 */
export function parseAsSetOf<const T extends string>(values: readonly T[]) {
  const canonical = (picked: readonly string[]): T[] => {
    const set = new Set(picked.map((s) => s.trim().toUpperCase()));
    return values.filter((v) => set.has(v.toUpperCase()));
  };
  return createParser<T[]>({
    parse: (v) => {
      const list = canonical(v.split(","));
      return list.length > 0 ? list : null;
    },
    // Commas stay literal in the URL: far easier to read in a shared link than %2C.
    serialize: (list) => canonical(list).join(","),
    eq: (a, b) => canonical(a).join(",") === canonical(b).join(","),
  });
}

/** A comma-separated list of ids in the given order, without repeats, at most `max`. */
export function parseAsIdList(max: number) {
  return createParser<number[]>({
    parse: (v) => [...new Set(v.split(",").flatMap((s) => toId(s.trim()) ?? []))].slice(0, max),
    serialize: (ids) => ids.join(","),
    eq: (a, b) => a.join(",") === b.join(","),
  });
}

/**
 * Free text: read as it comes (up to `max` characters), written trimmed. The
 * state keeps what is typed (spaces included, so "кофе м" can be typed into a
 * controlled box), and blank counts as the empty default, so it leaves the URL.
 */
export function parseAsSearchText(max = 200) {
  return createParser<string>({
    parse: (v) => v.slice(0, max),
    serialize: (v) => v.trim().slice(0, max),
    eq: (a, b) => a.trim() === b.trim(),
  });
}
