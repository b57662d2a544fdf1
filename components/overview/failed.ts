import type { CampaignListItem, PostList } from "@/lib/schemas";

/**
 * Posts whose publication failed on at least one channel, newest first. The
 * campaign's `stats.failed` is not used: the upstream counts only `FAILED` in it
 * (the description does not say what it counts), so it disagreed with the rows.
 */
export const FAILED_FILTER = { status: "FAILED,PARTIALLY_PUBLISHED", sort: "-publish_at", limit: 5 } as const;

export type FailedGroup = { campaign: CampaignListItem; total: number; posts: PostList["posts"] };

/** Count and rows come from one answer, so the count always covers the rows listed under it. */
export function failedGroups(campaigns: readonly CampaignListItem[], lists: readonly (PostList | undefined)[]): FailedGroup[] {
  return campaigns.flatMap((campaign, i) => {
    const list = lists[i];
    return list && list.total > 0 ? [{ campaign, total: list.total, posts: list.posts }] : [];
  });
}
