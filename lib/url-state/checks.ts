import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";

/**
 * The checks filter of the queue and the inbox (`?checks=clean|warnings|blocked`,
 * none = every post), defined once: the server pages load it with their own
 * state (to prefetch the very list the client asks for) and the filter bars'
 * select reads and writes it with `useQueryStates`. Anything else is no filter.
 */
/** The checks' verdicts (lib/server/checks/list-filter.ts; repeated here to keep server code out of the bundle). */
export const CHECKS_FILTERS = ["clean", "warnings", "blocked"] as const;
export type ChecksFilterValue = (typeof CHECKS_FILTERS)[number];

export const checksParsers = { checks: parseAsStringLiteral(CHECKS_FILTERS) };
export type ChecksUrlState = inferParserType<typeof checksParsers>;

/** Next's `searchParams` (or a URL, or URLSearchParams) → `{ checks }`. */
export const parseChecksUrl = createLoader(checksParsers);

/** The lists' API parameter: only when set, so the plain list keeps its one cache entry and URL. */
export const checksApiQuery = (checks: ChecksFilterValue | null | undefined): { checks?: ChecksFilterValue } => (checks ? { checks } : {});
