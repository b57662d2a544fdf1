import { useState } from "react";

/** Posts the series lacks that one view reads itself (the newest: they move most); the collector reads the rest at once, in the background lane. */
export const OWN_READS_PER_VIEW = 6;

/**
 * The posts a campaign's engagement view reads itself: the newest the series lacks, chosen once per
 * view of a campaign, whatever periods it shows next. As its reads land, the next look's missing list
 * must not pull in more, and a manager stepping through 30 days, 90 days and a date of their own would
 * otherwise spend six of people's reads a step on posts the collector is already reading.
 */
export function useOwnReads(campaignId: number, data: { posts: readonly { task_id: number }[]; missing: readonly number[] } | undefined): readonly number[] {
  const [own, setOwn] = useState<{ campaignId: number; ids: readonly number[] } | null>(() => (data ? { campaignId, ids: data.missing.slice(0, OWN_READS_PER_VIEW) } : null));
  if (data && own?.campaignId !== campaignId) setOwn({ campaignId, ids: data.missing.slice(0, OWN_READS_PER_VIEW) });
  if (!data || own?.campaignId !== campaignId) return [];
  const inPeriod = new Set(data.posts.map((p) => p.task_id));
  return own.ids.filter((id) => inPeriod.has(id));
}
