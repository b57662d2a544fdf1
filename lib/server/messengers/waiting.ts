import "server-only";
import type { Post } from "@/lib/schemas";
import { peekInbox } from "@/lib/server/inbox";
import { plannedMs } from "@/lib/server/inbox/urgency";
import { log } from "@/lib/server/log";
import { service } from "@/lib/server/upstream-service";

/** A waiting post with a planned time, as the bot's ticks use it. */
export type Waiting = { post: Post; planned: number };

/**
 * Waiting posts of these campaigns, read through the service in the
 * background lane (its campaign mirror: a warm read costs nothing upstream).
 * A campaign that cannot be read now is skipped until the next tick.
 */
export async function waitingIn(campaignIds: Iterable<number>): Promise<Waiting[]> {
  const out: Waiting[] = [];
  for (const id of new Set(campaignIds)) {
    try {
      const { data } = await service.campaignPosts(id, { status: ["WAITING_APPROVAL"], limit: 100 }, "background");
      for (const post of data.posts) {
        const planned = plannedMs(post);
        if (post.status === "WAITING_APPROVAL" && planned !== undefined) out.push({ post, planned });
      }
    } catch (e) {
      log.warn("telegram: campaign's waiting posts not read", { campaign_id: id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return out.sort((a, b) => a.planned - b.planned || a.post.task_id - b.post.task_id);
}

/** Campaigns the inbox already follows (no read of ours needed to know them), else the active ones. */
export async function activeCampaigns(): Promise<number[]> {
  const inbox = peekInbox();
  if (inbox && inbox.campaigns.length > 0) return inbox.campaigns.map((c) => c.info.id);
  try {
    const { data } = await service.campaigns({ status: ["ACTIVE"] }, "background");
    return data.campaigns.map((c) => c.id);
  } catch {
    return [];
  }
}
