import type { CampaignListItem, PostBriefList } from "@/lib/schemas";

/**
 * Posts whose publication failed on at least one channel: not published
 * anywhere (FAILED) or not everywhere (PARTIALLY_PUBLISHED), newest first.
 *
 * The count beside a campaign is the `total` of this very list, so it counts
 * exactly the kind of post listed under it (both statuses, each row showing
 * its own), and says so ("posts with failures"), not "failed": a count read
 * as FAILED posts while the rows were mostly partly published ones was the
 * disagreement people saw. The campaign's `stats.failed` is not used: the
 * description does not say what it counts (the simulator counts FAILED only).
 * The rows are a page of the list: when there are more, the panel says how
 * many of them it shows.
 */
export const FAILED_FILTER = { status: "FAILED,PARTIALLY_PUBLISHED", sort: "-publish_at", limit: 5 } as const;

export type FailedGroup = { campaign: CampaignListItem; total: number; posts: PostBriefList["posts"] };

/** A campaign's failed-posts query as the panel sees it. */
export type FailedQuery = { data?: PostBriefList; isError: boolean };

/** Count and rows come from one answer, so the count always covers the rows listed under it. */
export function failedGroups(campaigns: readonly CampaignListItem[], lists: readonly (PostBriefList | undefined)[]): FailedGroup[] {
  return campaigns.flatMap((campaign, i) => {
    const list = lists[i];
    return list && list.total > 0 ? [{ campaign, total: list.total, posts: list.posts }] : [];
  });
}

/**
 * Campaigns whose list could not be read (and has no earlier answer to show):
 * their failures are missing from the panel, which must say so rather than
 * "no failures".
 */
export function uncheckedCount(queries: readonly FailedQuery[]): number {
  return queries.filter((q) => q.isError && q.data === undefined).length;
}
