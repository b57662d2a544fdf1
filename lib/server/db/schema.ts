import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/**
 * The dashboard's own database (SQLite). Another module may add its tables
 * either here or, from its own file, by interface merging:
 *
 *   declare module "@/lib/server/db/schema" {
 *     interface Database { bulk_jobs: BulkJobsTable }
 *   }
 */
export interface Database {
  audit_log: AuditLogTable;
}

/** One row per approve or reject attempt, successful or not. */
export interface AuditLogTable {
  id: Generated<number>;
  /** ISO 8601 in UTC (`toISOString()`), so text order is time order. */
  at: string;
  user_email: string;
  user_name: string;
  role: string;
  task_id: number;
  campaign_id: number | null;
  /** The post's active version when the decision was taken; null if the post could not be read. */
  version_number: number | null;
  action: "approve" | "reject";
  reason: string | null;
  note: string | null;
  source: "single" | "bulk" | "keyboard";
  /** The upstream's post status after the call (from its ApprovalResult). */
  status_after: string | null;
  /** The upstream's `result` (approved_now, already_approved, …) when it succeeded. */
  result: string | null;
  error_code: string | null;
  http_status: number;
  duration_ms: number;
  created_at: ColumnType<string, string | undefined, never>;
}

export type AuditRow = Selectable<AuditLogTable>;
export type NewAuditRow = Insertable<AuditLogTable>;
