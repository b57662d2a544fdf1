"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { campaignTrendsQuery } from "@/lib/queries/engagement";
import type { EngagementAnswer } from "./use-gated-engagement";

/**
 * The posts table reads the posts the time series lacks, and every such read is
 * stored in the series. Once those reads have all settled and at least one
 * brought values, the campaign's trend is read again (from our own database, no
 * upstream call): on a fresh database it would otherwise say "not collected yet"
 * beside a table full of values until its next timed refresh, 30 s later.
 */
export function useRefreshTrendsWhenRead(campaignId: number, answers: readonly EngagementAnswer[]): void {
  const client = useQueryClient();
  const allSettled = answers.length > 0 && answers.every((a) => a.settled);
  const anyRead = answers.some((a) => a.data !== undefined);
  // Only reads made while this table was open count: answers already cached at mount were
  // stored before the trend now shown was read, so reading it again would add nothing.
  const readsInFlight = useRef(false);
  useEffect(() => {
    if (!allSettled) {
      readsInFlight.current = true;
      return;
    }
    if (!anyRead || !readsInFlight.current) return;
    readsInFlight.current = false;
    // Every range of this campaign's trend: its prefix is the campaign.
    const prefix = campaignTrendsQuery(campaignId, "", "").queryKey.slice(0, 3);
    void client.invalidateQueries({ queryKey: prefix });
  }, [client, campaignId, allSettled, anyRead]);
}
