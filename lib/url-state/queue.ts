import { createLoader, createSerializer, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { POST_SORTS, POST_STATUSES, type PostSort, type PostStatus } from "@/lib/schemas/values";
import { checksApiQuery, type ChecksUrlState } from "./checks";
import { parseAsIntLiteral, parseAsPage, parseAsSetOf } from "./parsers";

/**
 * The review queue's URL state, defined once: the server page loads its
 * `searchParams` with these parsers and the client reads them with
 * `useQueryStates`, so both render the same page.
 * `?status=WAITING_APPROVAL,APPROVED&sort=publish_at&page=2&size=50`.
 * Anything invalid falls back to its default, field by field.
 */
export const QUEUE_PAGE_SIZES = [20, 50, 100] as const;
export type QueuePageSize = (typeof QUEUE_PAGE_SIZES)[number];

const DEFAULT_STATUSES: PostStatus[] = ["WAITING_APPROVAL"];
/**
 * The verdict filter's values (lib/server/collab/row-filter.ts; repeated here to keep server code out of the bundle);
 * `mine`, "needs my verdict", is the inbox's own (app/api/inbox/route.ts): the queue leaves it out.
 */
export const VERDICT_STATES_FILTER = ["signed_off", "changes", "mine"] as const;
// Soonest planned time first: the most urgent posts at the top, where an editor starts.
const DEFAULT_SORT: PostSort = "publish_at";

export const queueParsers = {
  statuses: parseAsSetOf(POST_STATUSES).withDefault(DEFAULT_STATUSES),
  sort: parseAsStringLiteral(POST_SORTS).withDefault(DEFAULT_SORT),
  /** 1-based. */
  page: parseAsPage.withDefault(1),
  size: parseAsIntLiteral(QUEUE_PAGE_SIZES).withDefault(20),
};

/**
 * The reviewer-verdict filter of the queue and the inbox (`?verdict=signed_off|changes`,
 * none = every post): a parser set of its own beside each page's, read and
 * written by the triage desk's filter and the list's query alike.
 */
export const verdictParsers = { verdict: parseAsStringLiteral(VERDICT_STATES_FILTER) };
export type VerdictUrlState = inferParserType<typeof verdictParsers>;
/** The state's names differ from the URL's where a list reads better plural. */
export const queueUrlKeys = { statuses: "status" } as const;

export type QueueUrlState = inferParserType<typeof queueParsers>;

export const QUEUE_DEFAULTS: QueueUrlState = { statuses: DEFAULT_STATUSES, sort: DEFAULT_SORT, page: 1, size: 20 };

/** Next's `searchParams` (or a URL, or URLSearchParams) → the state; the first of repeated values counts. */
export const parseQueueUrl = createLoader(queueParsers, { urlKeys: queueUrlKeys });

/** The query string for a state; defaults are left out so the plain link stays plain. */
export const queueUrlSearch = createSerializer(queueParsers, { urlKeys: queueUrlKeys });

/** Statuses in the canonical order, so the same filter always makes one URL, one view and one cache entry. */
export function canonicalStatuses(statuses: readonly PostStatus[]): PostStatus[] {
  return POST_STATUSES.filter((s) => statuses.includes(s));
}

/** What the posts route is asked for: the upstream's own parameter names. */
export function queueApiQuery(
  state: QueueUrlState & Partial<VerdictUrlState> & Partial<ChecksUrlState>,
): { status: string; sort: PostSort; limit: number; offset: number; verdict?: string; checks?: string } {
  const status = canonicalStatuses(state.statuses).join(",");
  const base = { status, sort: state.sort, limit: state.size, offset: (state.page - 1) * state.size, ...checksApiQuery(state.checks) };
  // Only when set, so the plain queue keeps its one cache entry and URL.
  return state.verdict && state.verdict !== "mine" ? { ...base, verdict: state.verdict } : base;
}

/** The last page that has rows (at least 1), for clamping a page number past the end. */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
