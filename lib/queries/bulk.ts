import { queryOptions } from "@tanstack/react-query";
import { apiGetRaw, apiPost } from "./fetch-json";

/** What the bulk-job routes answer (lib/server/bulk maps its rows to these). */
export type BulkAction = "approve" | "reject";
export type BulkJobStatus = "queued" | "running" | "done";
/** `unknown`: the write was sent and its outcome is not known yet; settled later to ok or failed (lib/server/outcomes). */
export type BulkItemStatus = "pending" | "running" | "ok" | "failed" | "unknown";

export type BulkJob = {
  id: number;
  campaign_id: number;
  action: BulkAction;
  reason: string | null;
  /** The reject's category code (REJECT_CATEGORIES); null for approvals. */
  reason_category: string | null;
  user_email: string;
  user_name: string;
  status: BulkJobStatus;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  total: number;
  ok: number;
  failed: number;
  /** Items whose write's outcome is not known yet: neither ok nor failed until the settler has read the post. */
  unknown: number;
  /** Why the job stopped early: its author was removed, lost the right to decide, or had their sessions ended by an admin; null when it did not. */
  stopped: BulkStopReason | null;
};

export type BulkStopReason = "removed" | "demoted" | "revoked" | "role_changed";

export type BulkJobItem = {
  task_id: number;
  /** The version seen it was pinned to; null when not pinned. A moved one fails the item with error_code `version_changed`. */
  version: number | null;
  position: number;
  status: BulkItemStatus;
  attempts: number;
  /** The upstream's ApprovalResult.result (approved_now, already_approved…) when it answered. */
  result: string | null;
  status_after: string | null;
  /** The upstream's (Russian) message, or the dashboard's error text. */
  message: string | null;
  error_code: string | null;
  audit_id: number | null;
  finished_at: string | null;
};

export type BulkJobDetail = { job: BulkJob; items: BulkJobItem[] };

/**
 * `versions`, when given, runs parallel to `task_ids` (same length): the
 * active version the person saw of each post, or null where it is not known;
 * an item whose version is no longer active fails with `version_changed`.
 * `category` goes with a reject's reason (a code of REJECT_CATEGORIES).
 */
export type CreateBulkJobBody = {
  action: BulkAction;
  task_ids: number[];
  versions?: (number | null)[];
  reason?: string;
  category?: string;
  campaign_id: number;
  /** "Approve all clean": each item only if its active version has no finding then (409 not_clean otherwise). */
  only_clean?: true;
};

/** "Approve all clean" of a campaign: the server picks its clean waiting posts, pinned to the checked versions. */
export type ApproveCleanBody = { action: "approve"; campaign_id: number; only_clean: true };

export const bulkKeys = {
  all: ["bulk-jobs"] as const,
  job: (id: number) => ["bulk-jobs", "job", id] as const,
  recent: (campaignId: number) => ["bulk-jobs", "campaign", campaignId] as const,
};

export const BULK_POLL_MS = 2_000;
/** While the job's progress arrives as events (lib/events), polling is only a safety net. */
export const BULK_POLL_LIVE_MS = 15_000;

/** Done, with no item left to settle: it will not change any more. */
export const jobSettled = (job: BulkJob | undefined): boolean => job?.status === "done" && !(job.unknown > 0);

/**
 * Progress of one job; polled every 2 s until it is done (every 15 s while `live`). A done job
 * with items of unknown outcome is asked every 15 s until the settler has settled them (its
 * events bring that sooner where the stream is up).
 */
export function bulkJobOptions(id: number, live = false) {
  return queryOptions({
    queryKey: bulkKeys.job(id),
    queryFn: ({ signal }) => apiGetRaw<BulkJobDetail>(`/api/bulk-jobs/${id}`, undefined, signal),
    refetchInterval: (query) => {
      const job = query.state.data?.job;
      if (jobSettled(job)) return false;
      return live || job?.status === "done" ? BULK_POLL_LIVE_MS : BULK_POLL_MS;
    },
    // A settled job never changes: one a first load brought (a stopped job kept in view) is not asked for again.
    staleTime: (query) => (jobSettled(query.state.data?.job) ? Infinity : 0),
  });
}

/** A job stopped because its author lost access stays in view this long after it ended, so the team sees why. */
export const STOPPED_SHOWN_MS = 60 * 60_000;

/**
 * Whether a campaign's recent job is shown on its triage desk at `openedAt`: unfinished, or
 * stopped or left with items of unknown outcome within the hour (so the team sees them settle).
 */
export function jobShown(j: BulkJob, openedAt: number): boolean {
  return j.status !== "done" || ((j.stopped !== null || j.unknown > 0) && Date.parse(j.finished_at ?? "") > openedAt - STOPPED_SHOWN_MS);
}

/**
 * The campaign's recent jobs, so a job started before a reload is found again. Fresh for a few
 * seconds, so the answer a first load brings in its HTML is not asked for again at once; a job's
 * end refreshes it through the event stream (lib/events/invalidate.ts).
 */
export function recentBulkJobsOptions(campaignId: number) {
  return queryOptions({
    queryKey: bulkKeys.recent(campaignId),
    queryFn: ({ signal }) => apiGetRaw<{ jobs: BulkJob[] }>("/api/bulk-jobs", { campaign_id: campaignId }, signal),
    staleTime: 5_000,
  });
}

export function createBulkJob(body: CreateBulkJobBody | ApproveCleanBody): Promise<{ job: BulkJob }> {
  return apiPost<{ job: BulkJob }>("/api/bulk-jobs", body);
}
