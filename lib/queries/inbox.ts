import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { InboxUrgency } from "@/lib/schemas";
import { apiRead } from "./fetch-json";

/**
 * The inbox's filters as the page holds them; `inboxApiQuery` turns them into
 * GET /api/inbox's parameters in one canonical spelling, so equal filters share
 * one cache entry.
 */
export type InboxFilters = {
  projectId?: number | null;
  campaignIds?: readonly number[];
  types?: readonly string[];
  urgency?: readonly InboxUrgency[];
  limit?: number;
  offset?: number;
  /** The checks' verdict (clean / warnings / blocked); none = every post. */
  checks?: "clean" | "warnings" | "blocked" | null;
};

/**
 * The navigation's count: the total of the list the inbox page opens with (no filter), read with
 * one post instead of the page's twenty. The count was once the page's own query (one cache
 * entry), but every first load then carried twenty posts' texts in its HTML (~15k characters of
 * the RSC payload) for one number. Spelled out here so the count does not pull the page's URL
 * parsers into every page (lib/url-state/inbox.test.ts checks both agree). Under the same "inbox"
 * prefix, so every invalidation of the inbox also refreshes the count.
 */
export const INBOX_COUNT_READ: InboxFilters = { projectId: null, campaignIds: [], types: [], urgency: [], limit: 1, offset: 0 };

/**
 * An inbox request is answered from the server's copy and costs the upstream
 * nothing, so polling only decides how soon a change shows when the event
 * stream is down; it also keeps the server's refresh running (it stops a few
 * minutes after the last request: no one watching, no spending). React Query
 * pauses it while the tab is hidden.
 */
export const INBOX_POLL_MS = 30_000;
/** While campaigns are still loading (a fresh install), asked this often so their posts join as the server fills them. */
export const INBOX_LOADING_POLL_MS = 10_000;

const sortedUnique = <T extends string | number>(values: readonly T[] | undefined) =>
  values && values.length > 0 ? [...new Set(values)].sort().join(",") : undefined;

export function inboxApiQuery(f: InboxFilters) {
  return {
    project_id: f.projectId ?? undefined,
    campaign_id: sortedUnique(f.campaignIds),
    type: sortedUnique(f.types),
    urgency: sortedUnique(f.urgency),
    limit: f.limit,
    offset: f.offset,
    checks: f.checks ?? undefined,
  };
}

/** Every inbox query (all filters and pages), for invalidation after a decision or an event. */
export const inboxPrefix = ["inbox"] as const;

export function inboxOptions(filters: InboxFilters) {
  const query = inboxApiQuery(filters);
  return queryOptions({
    queryKey: [...inboxPrefix, query] as const,
    // Checked against lib/schemas/inbox.ts like every other read (lib/queries/response-schemas.ts).
    queryFn: ({ signal, client, queryKey }) =>
      apiRead("inbox", "/api/inbox", { query, signal, priority: client.getQueryData(queryKey) === undefined ? "interactive" : "background" }),
    refetchInterval: (q) => ((q.state.data?.data.loading ?? 0) > 0 ? INBOX_LOADING_POLL_MS : INBOX_POLL_MS),
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
