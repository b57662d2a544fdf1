"use client";

import { useQueries, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { notify } from "@/components/ui/toaster";
import { createBulkJob, jobShown, recentBulkJobsOptions, type BulkJob, type BulkJobDetail, type CreateBulkJobBody } from "@/lib/queries/bulk";
import type { BulkGroup, BulkPlan } from "./deferred";

const NO_JOBS: readonly BulkJob[] = [];

/** The body of one campaign's job: the posts, and the version seen of each where it is known (lib/queries/bulk.ts). */
function jobBody(plan: BulkPlan, group: BulkGroup): CreateBulkJobBody {
  const versions = group.versions.some((v) => v !== null) ? group.versions : undefined;
  return {
    action: plan.action,
    task_ids: group.taskIds,
    campaign_id: group.campaignId,
    ...(plan.input ? { reason: plan.input.reason, ...(plan.input.category ? { category: plan.input.category } : {}) } : {}),
    ...(versions ? { versions } : {}),
  };
}

/**
 * Bulk jobs of a triage desk: started once their undo window ran out, one per
 * campaign (the job runner paces each campaign's posts), shown with their
 * progress, and found again after a reload (the campaigns' unfinished jobs).
 */
export function useBulkJobs({
  jobCampaigns,
  enabled,
  listKey,
  applyStatuses,
}: {
  jobCampaigns: readonly number[];
  enabled: boolean;
  listKey: QueryKey;
  applyStatuses: (changes: readonly { taskId: number; status: string }[]) => void;
}) {
  const tb = useTranslations("review.bulk");
  const qc = useQueryClient();
  const recent = useQueries({
    queries: jobCampaigns.map((id) => ({ ...recentBulkJobsOptions(id), enabled })),
    combine: (results) => results.flatMap((r) => r.data?.jobs ?? NO_JOBS),
  });
  const [jobIds, setJobIds] = useState<number[]>([]);
  const [dismissed, setDismissed] = useState<number[]>([]);
  const [openedAt] = useState(() => Date.now());
  // A job found in the recent list stays in view once shown, until dismissed: one whose last unknown
  // item settles leaves the list's "shown" rule, and its panel would vanish just as it says how it ended.
  const [kept, setKept] = useState<readonly number[]>([]);
  const newlyShown = recent.filter((j) => jobShown(j, openedAt) && !kept.includes(j.id)).map((j) => j.id);
  // Adjusted while rendering (React re-renders at once, before committing), not in an effect a frame later.
  if (newlyShown.length > 0) setKept([...kept, ...newlyShown]);
  const shownJobs = useMemo(() => [...new Set([...jobIds, ...kept])].filter((id) => !dismissed.includes(id)).sort((a, b) => b - a), [jobIds, kept, dismissed]);

  /** Starts the plan's jobs; a campaign whose job could not start says so, the others still run. */
  const start = useCallback(
    async (plan: BulkPlan) => {
      const results = await Promise.allSettled(plan.groups.map((g) => createBulkJob(jobBody(plan, g))));
      const started = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.job.id] : []));
      if (started.length) setJobIds((list) => [...started, ...list]);
      for (const r of results) {
        if (r.status === "rejected") {
          const message = r.reason instanceof Error ? r.reason.message : String(r.reason);
          notify("error", tb("failed", { message }), { group: `bulk-failed:${message}` });
        }
      }
    },
    [tb],
  );

  /** The page is being left during the window: the jobs are created with keepalive so the browser finishes the requests. */
  const startOnExit = useCallback((plan: BulkPlan) => {
    for (const g of plan.groups) {
      void fetch("/api/bulk-jobs", {
        method: "POST",
        keepalive: true,
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(jobBody(plan, g)),
      }).catch(() => undefined);
    }
  }, []);

  const onJobDone = useCallback(
    (detail: BulkJobDetail) => {
      // A job that ended before this page opened (a stopped one kept in view): the lists already show its results.
      if (detail.job.finished_at && Date.parse(detail.job.finished_at) < openedAt) return;
      applyStatuses(detail.items.flatMap((i) => (i.status === "ok" && i.status_after ? [{ taskId: i.task_id, status: i.status_after }] : [])));
      void qc.invalidateQueries({ queryKey: listKey });
    },
    [qc, listKey, applyStatuses, openedAt],
  );

  const dismiss = useCallback((id: number) => setDismissed((d) => [...d, id]), []);

  return { shownJobs, start, startOnExit, onJobDone, dismiss };
}
