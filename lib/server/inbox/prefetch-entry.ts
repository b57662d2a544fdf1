import "server-only";
import { inboxWithChecks } from "@/lib/server/checks/list-filter";
import { inboxApiQuery, inboxOptions, type InboxFilters } from "@/lib/queries/inbox";
import { prefetchEntry, type PrefetchEntry } from "@/lib/server/queries/server-query-client";
import { InboxQuery } from "@/lib/schemas";
import { requestTimeZone } from "@/lib/server/profile/request-zone";
import { inboxAnswer, inboxConfigFromEnv, inboxScheduler } from "./index";

/** The route's parameters as URL strings, parsed by the route's own schema, so both ways read the same answer. */
function routeQuery(filters: InboxFilters) {
  const raw = Object.fromEntries(Object.entries(inboxApiQuery(filters)).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  return InboxQuery.parse(raw);
}

/**
 * A server render's read of an inbox page, under the key the client asks for it, from the
 * inbox's own copy (what GET /api/inbox answers): the inbox page's rows, the header's count.
 */
export function inboxEntry(filters: InboxFilters, then?: (answer: ReturnType<typeof inboxAnswer>) => readonly PrefetchEntry[]): PrefetchEntry {
  return prefetchEntry(
    inboxOptions(filters).queryKey,
    async () => {
      const q = routeQuery(filters);
      const snapshot = await inboxScheduler().use({ campaignIds: q.campaign_id, projectId: q.project_id, priority: "interactive" });
      // The checks filter, as the route applies it (its parameter is not part of the route's InboxQuery).
      const only = filters.checks ? await inboxWithChecks(snapshot, q, filters.checks) : undefined;
      return inboxAnswer(snapshot, q, snapshot.now, inboxConfigFromEnv().dueSoonMs, only, await requestTimeZone());
    },
    then,
  );
}
