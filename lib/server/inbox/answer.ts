import "server-only";
import type { DataMeta, DataResponse } from "@/lib/api/envelope";
import type { Inbox, InboxCampaign, InboxPost, InboxQuery } from "@/lib/schemas";
import type { CampaignEntry } from "./campaign-state";
import type { InboxSnapshot } from "./scheduler";
import { bySoonest, plannedMs, urgencyOf } from "./urgency";

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

function campaignRow(e: CampaignEntry): InboxCampaign {
  const earliest = e.posts.find((p) => plannedMs(p) !== undefined);
  return {
    id: e.info.id,
    name: e.info.name,
    project_id: e.info.project_id,
    status: e.info.status,
    waiting: e.posts.length,
    earliest_planned_at: earliest?.published_at ?? null,
    refreshed_at: iso(e.refreshedAt),
  };
}

/**
 * How fresh the answer is, for the campaigns it draws from: stale when one of
 * them could not be read on its last try (or never was), `fetchedAt` the
 * oldest of their reads; each campaign's own time is in `campaigns`.
 */
function metaOf(snap: InboxSnapshot, scope: readonly CampaignEntry[], now: number): DataMeta {
  const reads = scope.flatMap((e) => (e.refreshedAt === undefined ? [] : [e.refreshedAt]));
  const oldest = reads.length > 0 ? Math.min(...reads) : (snap.listFetchedAt ?? now);
  // A campaign still loading is not stale: the answer says how many are (`loading`).
  const failing = scope.filter((e) => e.stale || (!e.loaded && !e.filling));
  const stale = snap.listStale || failing.length > 0;
  const retries = failing.flatMap((e) => (e.retryAt === undefined ? [] : [e.retryAt]));
  const retryAt = retries.length > 0 ? Math.min(...retries) : undefined;
  return { stale, fetchedAt: new Date(oldest).toISOString(), ...(stale && retryAt !== undefined ? { retryAt: new Date(retryAt).toISOString() } : {}) };
}

/**
 * GET /api/inbox's answer from the scheduler's copy: filters, urgency, soonest first, one page.
 * `only`: the posts a filter answered from the dashboard's own database allows (the reviewer-verdict filter).
 * `timeZone`: the reader's (their own, else the team's): "today" is their day, as on every other screen.
 */
export function inboxAnswer(snap: InboxSnapshot, q: InboxQuery, now: number, dueSoonMs: number, only?: ReadonlySet<number>, timeZone?: string): DataResponse<Inbox> {
  const scope = snap.campaigns.filter(
    (e) => (q.project_id === undefined || e.info.project_id === q.project_id) && (!q.campaign_id || q.campaign_id.includes(e.info.id)),
  );
  const matching: InboxPost[] = scope
    .flatMap((e) => e.posts)
    .filter((p) => !q.type || q.type.includes(p.post_type))
    .filter((p) => !only || only.has(p.task_id))
    .map((p) => ({ ...p, urgency: urgencyOf(plannedMs(p), now, dueSoonMs, timeZone) }))
    .filter((p) => !q.urgency || q.urgency.includes(p.urgency))
    .sort(bySoonest);
  const campaigns = snap.campaigns.map(campaignRow).sort(
    (a, b) => (a.earliest_planned_at ? Date.parse(a.earliest_planned_at) : Infinity) - (b.earliest_planned_at ? Date.parse(b.earliest_planned_at) : Infinity) || a.id - b.id,
  );
  return {
    data: {
      posts: matching.slice(q.offset, q.offset + q.limit),
      total: matching.length,
      limit: q.limit,
      offset: q.offset,
      campaigns,
      thresholds: { due_soon_minutes: Math.round(dueSoonMs / 60_000) },
      loading: scope.filter((e) => e.filling).length,
    },
    meta: metaOf(snap, scope, now),
  };
}
