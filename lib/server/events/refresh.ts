import "server-only";
import type { Post } from "@/lib/schemas";
import type { PostView } from "@/lib/server/service/post-view";
import { log } from "@/lib/server/log";
import { eventBus, publishEvent } from "./index";

export type PostChange = { task_id: number; campaign_id: number; status?: string; edited?: boolean };

const time = (v: string | null | undefined) => (v ? Date.parse(v) : Number.NaN);

/**
 * The posts a refresh of a campaign's list shows to have changed since the
 * view it replaces: a different status or `updated_at`; a post that entered
 * the list and is newer than anything seen before (the `since` overlap
 * re-sends older ones); or one that left the list (its status moved out of
 * the filter): a mirror holds the whole list. The first load of a view is no news: nothing to compare.
 * `seen` is the delta the refresh read, which names the new status of posts
 * that left.
 */
export function changedPosts(prev: PostView | undefined, next: PostView, seen: readonly Post[] = []): PostChange[] {
  if (!prev) return [];
  const before = new Map(prev.posts.map((p) => [p.task_id, p]));
  const now = new Map<number, Post>();
  for (const p of [...next.posts, ...seen]) {
    const known = now.get(p.task_id);
    if (!known || !(time(known.updated_at) > time(p.updated_at))) now.set(p.task_id, p);
  }
  const out: PostChange[] = [];
  for (const p of now.values()) {
    const old = before.get(p.task_id);
    const changed = old
      ? old.status !== p.status || old.updated_at !== p.updated_at
      : p.updated_at === null || !(time(p.updated_at) <= (prev.cursorMs ?? -Infinity));
    // Same status, newer `updated_at`: an edit (a new version), which no decision or earlier event told.
    const edited = old !== undefined && old.status === p.status;
    if (changed) out.push({ task_id: p.task_id, campaign_id: p.campaign_id, status: p.status, ...(edited ? { edited } : {}) });
  }
  const still = new Set(next.posts.map((p) => p.task_id));
  for (const old of prev.posts) if (!still.has(old.task_id) && !now.has(old.task_id)) out.push({ task_id: old.task_id, campaign_id: old.campaign_id });
  return out;
}

/**
 * The hook a mirror refresh calls (through the service): one `post` event per changed
 * post, so one refresh reaches every open page; not for a change of status an
 * event already told (a decision, a notification, another list's refresh).
 * An edit keeps its status, so it is always told.
 */
export function publishRefreshChanges(prev: PostView | undefined, next: PostView, seen?: readonly Post[]): void {
  try {
    const bus = eventBus();
    for (const { edited, ...c } of changedPosts(prev, next, seen)) if (edited || !bus.announced(c.task_id, c.status)) publishEvent({ type: "post", ...c, reason: "refresh" });
  } catch (e) {
    log.error("refresh changes not published", { campaignId: next.campaignId, error: e instanceof Error ? e : String(e) });
  }
}
