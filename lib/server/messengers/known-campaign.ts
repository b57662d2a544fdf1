import "server-only";
import { peekInbox } from "@/lib/server/inbox";
import { campaignNames } from "@/lib/server/posts/titles";
import { service } from "@/lib/server/upstream-service";

/**
 * Whether the dashboard knows a campaign, from what it already holds: the
 * service's campaign mirror, the mirror rows in the app's database, else the
 * inbox's last snapshot. Never an upstream read, so a chat command cannot
 * spend the read budget.
 */
export async function isKnownCampaign(id: number): Promise<boolean> {
  if (await service.mirror.store.sync(id).catch(() => undefined)) return true;
  if ((await campaignNames([id])).has(id)) return true;
  return peekInbox()?.campaigns.some((c) => c.info.id === id) ?? false;
}
