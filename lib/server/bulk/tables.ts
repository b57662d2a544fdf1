import type { Generated, Selectable } from "kysely";
import type { BulkAction, BulkItemStatus, BulkJobStatus } from "@/lib/queries/bulk";

/** Tables of migration 0002_bulk_jobs, merged into the dashboard's Database type. */
export interface BulkJobsTable {
  id: Generated<number>;
  campaign_id: number;
  action: BulkAction;
  reason: string | null;
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
  status: BulkItemStatus;
  attempts: Generated<number>;
  result: string | null;
  status_after: string | null;
  message: string | null;
  error_code: string | null;
  audit_id: number | null;
  finished_at: string | null;
}

export type BulkJobRow = Selectable<BulkJobsTable>;
export type BulkJobItemRow = Selectable<BulkJobItemsTable>;

declare module "@/lib/server/db/schema" {
  interface Database {
    bulk_jobs: BulkJobsTable;
    bulk_job_items: BulkJobItemsTable;
  }
}
