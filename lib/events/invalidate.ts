import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { bulkKeys } from "@/lib/queries/bulk";
import { campaignQuery } from "@/lib/queries/campaigns";
import { commentsKey, verdictsKey } from "@/lib/queries/collab";
import { postDecisionsKey } from "@/lib/queries/decisions";
import { postKey } from "@/lib/queries/posts";
import { notifyKeys } from "@/lib/queries/notify";
import { attentionKey } from "@/lib/queries/overview";
import { queuePostsPrefix } from "@/lib/queries/queue";
import { readEvent, readHello } from "./guard";
import type { DashboardEvent, Hello } from "./schema";

/**
 * Turns stream events into React Query invalidations of the keys they make
 * stale (the key factories of lib/queries, so keys never drift). Loaded
 * after the page is up (lib/events/connection.ts), never in a first load;
 * events are read by ./guard.ts, without zod. Only queries on screen
 * refetch; the others are marked stale.
 */

/** One thing to invalidate: `id` names it for coalescing, `gapMs` is the least time between two of its refetches. */
export type Target = { id: string; gapMs: number } & ({ key: QueryKey; exact?: boolean } | { match: (key: QueryKey) => boolean });

/** Events come in bursts (a decision is a post and a campaign event; refreshes repeat per list): gather them first. */
export const GATHER_MS = 100;
/** One post's page, a bulk job's progress: soon after every change. */
const DETAIL_GAP_MS = 1_000;
/**
 * A campaign's lists: a refetch after someone else's decision costs the team
 * one upstream `since` read (joined across people and instances), so a stream
 * of decisions (a bulk job: one every 2 s) refreshes them at most this often.
 */
export const LIST_GAP_MS = 5_000;

const keyed = (key: QueryKey, gapMs: number, exact = false): Target => ({ id: JSON.stringify(key), key, gapMs, exact });
const campaignLists = (id: number) => keyed(queuePostsPrefix(id), LIST_GAP_MS);
/** Any campaign's post lists, when an event does not say which campaign. */
const everyPostList: Target = { id: "campaigns/*/posts", gapMs: LIST_GAP_MS, match: (k) => k[0] === "campaigns" && k[2] === "posts" };
/**
 * The inbox (every filter and page, and the navigation's count): any post or
 * campaign change may move a post in or out of it. One refetch per gap reads
 * the server's joined copy of the campaigns, never the upstream directly.
 */
const inboxLists = keyed(["inbox"], LIST_GAP_MS);
/** The campaigns tables and overview lists (their keys carry a filter object, not an id). */
const campaignTables: Target = { id: "campaigns/{filter}", gapMs: LIST_GAP_MS, match: (k) => k[0] === "campaigns" && typeof k[1] === "object" };

/** The overview's attention panel: waiting and failed counts of every active campaign (a database read). */
const attention = keyed(attentionKey, LIST_GAP_MS);

/** Presence of a post or of a page of rows: database reads, cheap. */
const anyPresence: Target = { id: "presence/*", gapMs: DETAIL_GAP_MS, match: (k) => k[0] === "presence" };

export function targetsFor(event: DashboardEvent): Target[] {
  switch (event.type) {
    case "post":
      return [
        keyed(postKey(event.task_id), DETAIL_GAP_MS),
        keyed(postDecisionsKey(event.task_id), DETAIL_GAP_MS),
        event.campaign_id === undefined ? everyPostList : campaignLists(event.campaign_id),
        inboxLists,
        attention,
      ];
    case "campaign": {
      const own = [keyed(campaignQuery(event.campaign_id).queryKey, LIST_GAP_MS, true), campaignTables, inboxLists, attention];
      return event.reason === "bulk" ? [...own, campaignLists(event.campaign_id), keyed(bulkKeys.recent(event.campaign_id), DETAIL_GAP_MS)] : own;
    }
    case "notification":
      // Only the person's own streams get it (server-side); the bell refetches its list and count.
      return [keyed(notifyKeys.list, DETAIL_GAP_MS)];
    case "comment":
      return [keyed(commentsKey(event.task_id), DETAIL_GAP_MS)];
    case "verdict":
      // Rows show verdict summaries, joined by the lists' routes from the database (no upstream read).
      return [keyed(verdictsKey(event.task_id), DETAIL_GAP_MS), event.campaign_id === undefined ? everyPostList : campaignLists(event.campaign_id), inboxLists];
    case "presence":
      return [anyPresence];
    case "bulk": {
      const job = keyed(bulkKeys.job(event.job_id), DETAIL_GAP_MS);
      return event.status === "done" ? [job, keyed(bulkKeys.recent(event.campaign_id), DETAIL_GAP_MS), campaignLists(event.campaign_id), inboxLists] : [job];
    }
  }
}

/** After a gap in the stream that could not be replayed: everything an event could have touched. */
const RESYNC_PREFIXES: QueryKey[] = [["posts"], ["decisions"], ["campaigns"], ["overview"], ["bulk-jobs"], ["inbox"], ["comments"], ["verdicts"], ["presence"]];

export type Timers = { now: () => number; setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (t: unknown) => void };
const realTimers: Timers = { now: () => Date.now(), setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (t) => clearTimeout(t as ReturnType<typeof setTimeout>) };

export type LiveHandler = {
  /** Parses a stream message and schedules its invalidations; null when not understood. */
  event(data: string): DashboardEvent | null;
  hello(data: string): Hello | null;
  resync(): void;
  dispose(): void;
};

export function createLiveHandler(client: QueryClient, timers: Timers = realTimers): LiveHandler {
  const slots = new Map<string, { last: number; timer?: unknown }>();

  const run = (t: Target) =>
    void client.invalidateQueries("key" in t ? { queryKey: t.key, exact: t.exact } : { predicate: (q) => t.match(q.queryKey) });

  /** Leading within GATHER_MS, then at most once per gap; a change during the gap is caught at its end. */
  const schedule = (t: Target) => {
    const slot = slots.get(t.id) ?? { last: -Infinity };
    slots.set(t.id, slot);
    if (slot.timer !== undefined) return;
    const wait = Math.max(GATHER_MS, slot.last + t.gapMs - timers.now());
    slot.timer = timers.setTimeout(() => {
      slot.timer = undefined;
      slot.last = timers.now();
      run(t);
    }, wait);
  };

  return {
    event(data) {
      const event = readEvent(data);
      if (event) targetsFor(event).forEach(schedule);
      return event;
    },
    hello: readHello,
    resync() {
      for (const queryKey of RESYNC_PREFIXES) void client.invalidateQueries({ queryKey });
    },
    dispose() {
      for (const slot of slots.values()) if (slot.timer !== undefined) timers.clearTimeout(slot.timer);
      slots.clear();
    },
  };
}
