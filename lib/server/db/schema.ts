import "server-only";
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/**
 * The dashboard's own database (SQLite by default, Postgres when DATABASE_URL
 * says postgres://; lib/server/db/index.ts). Another module may add its tables
 * either here or, from its own file, by interface merging:
 *
 *   declare module "@/lib/server/db/schema" {
 *     interface Database { bulk_jobs: BulkJobsTable }
 *   }
 */
export interface Database {
  audit_log: AuditLogTable;
  sessions: SessionsTable;
  users: UsersTable;
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
  /** The version the person saw and decided on (0007); null when not given. A refused attempt (version_changed) differs from version_number. */
  version_seen: number | null;
  action: "approve" | "reject";
  reason: string | null;
  /** The reject's category, a code of REJECT_CATEGORIES (0007); null for approvals and when not given. */
  reason_category: string | null;
  note: string | null;
  /** "share_link": a visitor of a share link (role "external", user_email `external:<name>`). */
  source: "single" | "bulk" | "keyboard" | "share_link" | "telegram" | "max";
  /** The upstream's post status after the call (from its ApprovalResult). */
  status_after: string | null;
  /** The upstream's `result` (approved_now, already_approved, …) when it succeeded. */
  result: string | null;
  error_code: string | null;
  http_status: number;
  duration_ms: number;
  /** The share link a visitor decided through (0010); null for the dashboard's own people. */
  share_link_id: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<string, string | undefined, never>;
}

export type AuditRow = Selectable<AuditLogTable>;
export type NewAuditRow = Insertable<AuditLogTable>;

/**
 * One row per sign-in (lib/server/auth/session-store.ts). The cookie carries a random
 * `sid`; only its SHA-256 is stored, so a copy of the database cannot be
 * replayed as cookies. Times are ISO 8601 in UTC, like audit_log.
 */
export interface SessionsTable {
  /** The handle admins use (list, end); never the sid itself. */
  id: Generated<number>;
  sid_hash: string;
  user_email: string;
  user_name: string;
  role: string;
  /** "credentials", "oidc", … */
  provider: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  /** Who ended it when an admin did (their email). */
  revoked_by: string | null;
  user_agent: string | null;
  ip: string | null;
}

export type SessionRow = Selectable<SessionsTable>;

/**
 * Sign-in accounts (migration 0006_users), the database's counterpart of the
 * users file: every instance sees the same ones. `email` is stored lower-case.
 */
export interface UsersTable {
  email: string;
  name: string;
  /** A role name of lib/auth/roles.ts; checked when read, like the users file's. */
  role: string;
  /** bcrypt; never the password. */
  password_hash: string;
  /** ISO 8601 in UTC. */
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
