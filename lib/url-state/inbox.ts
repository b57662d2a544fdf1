import { createLoader, createSerializer, type inferParserType } from "nuqs/server";
import type { InboxFilters } from "@/lib/queries/inbox";
import type { InboxUrgency } from "@/lib/schemas/inbox";
import { POST_TYPES } from "@/lib/schemas/values";
import { parseAsId, parseAsIntLiteral, parseAsPage, parseAsSetOf } from "./parsers";

/**
 * The inbox's URL state, defined once: the server page loads its
 * `searchParams` with these parsers (to prefetch the very list the client
 * asks for) and the client reads them with `useQueryStates`.
 * `?project=2&campaign=5&type=IMAGE,ALBUM&urgency=overdue,due_2h&page=2&size=50`.
 * The order is fixed (soonest planned time first), so there is no sort.
 * Anything invalid falls back to its default, field by field.
 */

/** The server's urgency levels, most urgent first (lib/schemas/inbox.ts; repeated here to keep zod out of the page's bundle). */
export const INBOX_URGENCIES = ["overdue", "due_2h", "today", "later"] as const satisfies readonly InboxUrgency[];
export const INBOX_PAGE_SIZES = [20, 50, 100] as const;
export type InboxPageSize = (typeof INBOX_PAGE_SIZES)[number];

export const inboxParsers = {
  project: parseAsId,
  campaign: parseAsId,
  /** Empty = every type; several at once allowed. */
  types: parseAsSetOf(POST_TYPES).withDefault([]),
  /** Empty = every urgency. */
  urgencies: parseAsSetOf(INBOX_URGENCIES).withDefault([]),
  /** 1-based. */
  page: parseAsPage.withDefault(1),
  size: parseAsIntLiteral(INBOX_PAGE_SIZES).withDefault(20),
};
/** The state's names differ from the URL's where a list reads better plural. */
export const inboxUrlKeys = { types: "type", urgencies: "urgency" } as const;

export type InboxUrlState = inferParserType<typeof inboxParsers>;

export const INBOX_DEFAULTS: InboxUrlState = { project: null, campaign: null, types: [], urgencies: [], page: 1, size: 20 };

/** Next's `searchParams` (or a URL, or URLSearchParams) → the state; the first of repeated values counts. */
export const parseInboxUrl = createLoader(inboxParsers, { urlKeys: inboxUrlKeys });

/** The query string for a state; defaults are left out so the plain link stays plain. */
export const inboxUrlSearch = createSerializer(inboxParsers, { urlKeys: inboxUrlKeys });

/** The URL keys this page reads (for the server page's canonical-link check). */
export const INBOX_URL_KEYS = ["project", "campaign", "type", "urgency", "page", "size"] as const;

/** The inbox query's filters (lib/queries/inbox.ts spells them as the route's parameters): one page of the list. */
export function inboxFilters(state: InboxUrlState): InboxFilters {
  return {
    projectId: state.project,
    campaignIds: state.campaign === null ? [] : [state.campaign],
    types: state.types,
    urgency: state.urgencies,
    limit: state.size,
    offset: (state.page - 1) * state.size,
  };
}

/** Whether any filter narrows the list (the empty state then offers to drop them). */
export const isFiltered = (state: InboxUrlState): boolean =>
  state.project !== null || state.campaign !== null || state.types.length > 0 || state.urgencies.length > 0;
