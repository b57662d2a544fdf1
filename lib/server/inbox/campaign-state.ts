import "server-only";
import type { CampaignListItem, Post } from "@/lib/schemas";
import { bySoonest, plannedMs } from "./urgency";

export const WAITING = "WAITING_APPROVAL";

/**
 * A list read after this long past a notification is taken as the truth
 * again; before, the notification (newer news) wins over a list that may have
 * been read before the change, or served from the cache while the upstream was out.
 */
const SETTLE_MS = 10_000;

/** One post's state learned outside a list read: a notification, a decision, another list's refresh. */
type Override = { status: string; post?: Post; at: number };

const signature = (posts: readonly Post[]) => posts.map((p) => `${p.task_id}|${p.updated_at}|${p.published_at}|${p.text.length}`).join(",");
const time = (v: string | null) => (v ? Date.parse(v) : -Infinity);

/** What the inbox knows of one campaign: its waiting posts, soonest first, and how fresh they are. */
export class CampaignEntry {
  posts: Post[] = [];
  /** When the list these posts come from was read upstream (the cache's fetch time, the same on every instance). */
  refreshedAt?: number;
  /** The last read answered old data (budget refused, upstream out); `retryAt` is when to try again. */
  stale = false;
  retryAt?: number;
  /** Never filled: asked of the scheduler, which fills it in the background lane (the inbox says it is still loading). */
  filling = false;
  /** Last notification for the campaign: counts as a refresh (postpones the poll). */
  notifiedAt?: number;
  /** Last time the waiting set changed (busy campaigns are polled more often). */
  changedAt?: number;
  /** Last poll attempt (a poll never repeats within one grid step). */
  polledAt?: number;
  private readonly overrides = new Map<number, Override>();

  constructor(public info: CampaignListItem) {}

  get loaded(): boolean {
    return this.refreshedAt !== undefined;
  }

  earliestMs(): number | undefined {
    for (const p of this.posts) {
      const t = plannedMs(p);
      if (t !== undefined) return t;
    }
    return undefined;
  }

  /** A list read as of `fetchedAt`, with newer news laid over it; true when the waiting set changed. */
  applyList(listed: readonly Post[], fetchedAt: number, now: number): boolean {
    const first = !this.loaded;
    const before = signature(this.posts);
    const next = new Map(listed.filter((p) => p.status === WAITING).map((p) => [p.task_id, p]));
    for (const [id, o] of this.overrides) {
      const seen = next.get(id);
      const agrees = o.status === WAITING ? seen !== undefined && time(seen.updated_at) >= time(o.post?.updated_at ?? null) : seen === undefined;
      if (agrees || fetchedAt > o.at + SETTLE_MS) {
        this.overrides.delete(id);
        continue;
      }
      next.delete(id);
      if (o.status === WAITING && o.post) next.set(id, o.post);
    }
    this.posts = [...next.values()].sort(bySoonest);
    this.refreshedAt = Math.max(this.refreshedAt ?? -Infinity, fetchedAt);
    // The first read is what the campaign holds, not news: it must not make the campaign look busy.
    if (first || signature(this.posts) === before) return false;
    this.changedAt = now;
    return true;
  }

  /**
   * One post's new state. A waiting post is only added with its content (a
   * notification's payload); a status alone (an event) can only remove one.
   * Not "busy": news that comes by itself is no reason to poll faster.
   */
  applyPost(taskId: number, status: string, post: Post | undefined, at: number): boolean {
    if (status === WAITING && !post) return false;
    this.overrides.set(taskId, { status, post, at });
    const before = signature(this.posts);
    const rest = this.posts.filter((p) => p.task_id !== taskId);
    this.posts = (status === WAITING && post ? [...rest, post] : rest).sort(bySoonest);
    return signature(this.posts) !== before;
  }

  has(taskId: number): boolean {
    return this.posts.some((p) => p.task_id === taskId);
  }
}
