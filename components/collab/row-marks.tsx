"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { policyQuery, rowFactsQuery, type RowFacts } from "@/lib/queries/collab";
import { useViewerNames } from "./viewer-names";

/** The row facts of the posts on screen (one database-only request per page of rows). */
export function useRowFacts(taskIds: readonly number[]): RowFacts | undefined {
  return useQuery(rowFactsQuery(taskIds)).data;
}

/** Approval steps (1 + sign-off steps) by campaign, for the campaigns on screen (one database-only read each, cached). */
export function useCampaignSteps(campaignIds: readonly number[]): ReadonlyMap<number, number> {
  return useQueries({
    queries: campaignIds.map((id) => ({ ...policyQuery(id), staleTime: 60_000 })),
    combine: stepsByCampaign,
  });
}

// At module level: a stable combine keeps the map the same object while the results are.
const stepsByCampaign = (results: { data?: { campaign_id: number; steps: number } }[]): ReadonlyMap<number, number> =>
  new Map(results.flatMap((r) => (r.data ? [[r.data.campaign_id, r.data.steps] as const] : [])));

/**
 * Under a queue or inbox row's excerpt: its verdict state ("signed off",
 * "changes requested", by whom) and who has the post open right now. Text
 * and a symbol, never colour alone. Under a policy with sign-off steps, a «2 шага» badge and,
 * until a sign-off, "awaiting sign-off".
 */
export function RowMarks({ id, facts, steps: campaignSteps = 1 }: { id: number; facts: RowFacts | undefined; steps?: number }) {
  const t = useTranslations("collab");
  const names = useViewerNames();
  const verdict = facts?.verdicts[String(id)];
  const viewers = facts?.viewers[String(id)] ?? [];
  // The post's own standing (the steps that apply to its version, as its page says) over its campaign's count.
  const standing = facts?.signoff?.[String(id)];
  const steps = standing?.steps ?? campaignSteps;
  const awaiting = standing ? standing.state === "awaiting" : steps >= 2 && (!verdict || verdict.state === "none");
  if ((!verdict || verdict.state === "none") && viewers.length === 0 && steps < 2 && !awaiting) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {steps >= 2 && (
        <span
          data-row-steps={steps}
          title={t("verdicts.rowStepsTitle", { count: steps })}
          className="rounded border border-zinc-400 px-1 font-medium text-zinc-800 dark:border-zinc-500 dark:text-zinc-200"
        >
          {t("verdicts.rowSteps", { count: steps })}
        </span>
      )}
      {awaiting && (
        <span data-row-verdict="awaiting" className="font-medium text-zinc-700 dark:text-zinc-300">
          <span aria-hidden="true">⧗ </span>
          {t("verdicts.rowAwaiting")}
        </span>
      )}
      {verdict?.state === "signed_off" && (
        <span data-row-verdict="signed_off" title={verdict.by.join(", ")} className="font-medium text-green-800 dark:text-green-300">
          ✓ {t("verdicts.rowSignedOff")}
        </span>
      )}
      {verdict?.state === "changes" && (
        <span data-row-verdict="changes" title={verdict.by.join(", ")} className="font-medium text-amber-800 dark:text-amber-300">
          ✎ {t("verdicts.rowChanges")}
        </span>
      )}
      {viewers.length > 0 && (
        <span data-row-presence className="text-zinc-700 dark:text-zinc-300">
          <span aria-hidden="true">◉ </span>
          {t("presence.viewing", { names: names(viewers), count: viewers.length })}
        </span>
      )}
    </span>
  );
}
