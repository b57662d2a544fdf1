"use client";

import { useQueries, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { notify } from "@/components/ui/toaster";
import { createBulkJob, recentBulkJobsOptions, type BulkJob, type BulkJobDetail, type CreateBulkJobBody } from "@/lib/queries/bulk";
import type { BulkGroup, BulkPlan } from "./deferred";

const NO_JOBS: readonly BulkJob[] = [];
const STOPPED_SHOWN_MS = 60 * 60_000;

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
  const shownJobs = useMemo(() => {
    // A job stopped because its author lost access stays in view (an hour before this page opened), so the team sees why it ended.
    const since = openedAt - STOPPED_SHOWN_MS;
    const open = recent.filter((j) => j.status !== "done" || (j.stopped && Date.parse(j.finished_at ?? "") > since)).map((j) => j.id);
    return [...new Set([...jobIds, ...open])].filter((id) => !dismissed.includes(id)).sort((a, b) => b - a);
  }, [recent, jobIds, dismissed, openedAt]);

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
      applyStatuses(detail.items.flatMap((i) => (i.status === "ok" && i.status_after ? [{ taskId: i.task_id, status: i.status_after }] : [])));
      void qc.invalidateQueries({ queryKey: listKey });
    },
    [qc, listKey, applyStatuses],
  );

  const dismiss = useCallback((id: number) => setDismissed((d) => [...d, id]), []);

  return { shownJobs, start, startOnExit, onJobDone, dismiss };
}
