import "server-only";
import type { Service } from "@/lib/server/service/service";

/**
 * A person opening or reloading a post page sees what changed upstream within
 * seconds: its campaign's mirror, when older than this, is brought up to date
 * first (one `since` read in the budget's fresh lane, given way once the
 * team's minute holds 15 reads; then the page shows the mirror with its age);
 * a change drops the post's cached detail, so the page shows it. The
 * scheduler's own pace never serves a reload this fast.
 */
export const PAGE_FRESH_MS = 5_000;

export async function freshenPostPage(s: Pick<Service, "campaignPosts" | "mirror">, taskId: number, maxAgeMs = PAGE_FRESH_MS): Promise<void> {
  const campaignId = await s.mirror.store.campaignOf(taskId).catch(() => undefined);
  if (campaignId === undefined) return;
  // A refused or failed refresh leaves the page to answer with what it has, its age shown.
  await s.campaignPosts(campaignId, { limit: 1 }, "interactive", { maxAgeMs }).catch(() => undefined);
}
