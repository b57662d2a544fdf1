import "server-only";
import type { Generated, Selectable } from "kysely";
import type { BulkAction, BulkItemStatus, BulkJobStatus } from "@/lib/queries/bulk";

/** Tables of migrations 0002_bulk_jobs, 0005_bulk_claims and 0007_pinned_decisions, merged into the dashboard's Database type. */
export interface BulkJobsTable {
  id: Generated<number>;
  campaign_id: number;
  action: BulkAction;
  reason: string | null;
  /** The category of the one reason of a bulk reject (0007); null for approvals and older jobs. */
  reason_category: Generated<string | null>;
  /** 1: "approve all clean" (0210): each item is approved only if its active version has no finding then. */
  only_clean: Generated<number>;
  /** Who started the job: every item is decided (and audited) in their name. */
  user_email: string;
  user_name: string;
  role: string;
  status: BulkJobStatus;
  created_at: Generated<string>;
  started_at: string | null;
  finished_at: string | null;
}

export interface BulkJobItemsTable {
  id: Generated<number>;
  job_id: number;
  position: number;
  task_id: number;
  /** The version the person saw (0007): the runner refuses the item (version_changed) if it is no longer active; null: not pinned. */
  version: Generated<number | null>;
  status: BulkItemStatus;
  attempts: Generated<number>;
  result: string | null;
  status_after: string | null;
  message: string | null;
  error_code: string | null;
  audit_id: number | null;
  finished_at: string | null;
  /** The runner that took the item (lib/server/bulk/claims.ts); kept after it finishes, for the record. */
  claimed_by: Generated<string | null>;
  /** ISO time the claim holds until unless renewed; null when nobody holds it. */
  lease_until: Generated<string | null>;
}

/** One row per lane: when the next write of that lane may start, for every instance at once. */
export interface BulkPacingTable {
  lane: string;
  next_at: string;
}

export type BulkJobRow = Selectable<BulkJobsTable>;
export type BulkJobItemRow = Selectable<BulkJobItemsTable>;

declare module "@/lib/server/db/schema" {
  interface Database {
    bulk_jobs: BulkJobsTable;
    bulk_job_items: BulkJobItemsTable;
    bulk_pacing: BulkPacingTable;
  }
}
