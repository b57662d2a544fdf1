import "server-only";
import type { Post } from "@/lib/schemas";
import { peekInbox } from "@/lib/server/inbox";
import { plannedMs } from "@/lib/server/inbox/urgency";
import { log } from "@/lib/server/log";
import { appMirrorStore } from "@/lib/server/mirror";
import { CAMPAIGN_STATUSES } from "@/lib/schemas/values";
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

/**
 * Whether the team has this campaign, from what the dashboard holds: its mirror,
 * else the campaigns list the pages already cache (background lane, so a cold
 * cache costs one read at most and never a person's). null: cannot tell now.
 */
export async function campaignExists(id: number): Promise<boolean | null> {
  try {
    if (await appMirrorStore().sync(id)) return true;
    const { data } = await service.campaigns({ status: [...CAMPAIGN_STATUSES] }, "background");
    return data.campaigns.some((c) => c.id === id);
  } catch (e) {
    log.warn("telegram: campaigns not read for /bind", { campaign_id: id, error: e instanceof Error ? e.message : String(e) });
    return null;
  }
}
