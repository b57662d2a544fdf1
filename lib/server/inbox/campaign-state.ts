import "server-only";
import type { CampaignListItem, Post } from "@/lib/schemas";
import { bySoonest } from "./urgency";

export const WAITING = "WAITING_APPROVAL";

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

  constructor(public info: CampaignListItem) {}

  get loaded(): boolean {
    return this.refreshedAt !== undefined;
  }

  /** The campaign's list as read at `fetchedAt`: its waiting posts, soonest first. */
  applyList(listed: readonly Post[], fetchedAt: number): void {
    this.posts = listed.filter((p) => p.status === WAITING).sort(bySoonest);
    this.refreshedAt = fetchedAt;
  }
}
