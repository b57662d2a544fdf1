import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";

/**
 * The audit trail of actions other than approve and reject (those are
 * audit_log, lib/server/audit.ts): comments, verdicts, policies, share links,
 * notification settings. One row per action; `detail` is a small JSON object
 * (never a secret, never a token).
 */
declare module "@/lib/server/db/schema" {
  interface Database {
    audit_events: AuditEventsTable;
  }
}

export interface AuditEventsTable {
  id: import("kysely").Generated<number>;
  /** ISO 8601 in UTC. */
  at: string;
  /** A dashboard user's email, or `external:<name>` for a share-link visitor. */
  actor_email: string;
  actor_name: string;
  /** A role of lib/auth/roles.ts, or `external`. */
  role: string;
  /** e.g. comment.created, comment.edited, comment.deleted, verdict.given, policy.set, share.created, share.revoked, share.decided, notify.settings */
  kind: string;
  task_id: number | null;
  campaign_id: number | null;
  /** The id of what the action was on (a comment, a share link, …), as text. */
  subject_id: string | null;
  /** JSON text. */
  detail: string | null;
}

export type AuditEvent = {
  at?: string;
  actor: { email: string; name: string; role: string };
  kind: string;
  task_id?: number | null;
  campaign_id?: number | null;
  subject_id?: string | number | null;
  detail?: Record<string, unknown>;
};

export type AuditEventRow = Omit<AuditEventsTable, "id"> & { id: number; detail_json: Record<string, unknown> | null };

/** Writes one row; throws when the database refuses, so the caller reports the action as failed. */
export async function recordAuditEvent(e: AuditEvent, executor = db()): Promise<number> {
  await ensureMigrated();
  const row = await executor
    .insertInto("audit_events")
    .values({
      at: e.at ?? new Date().toISOString(),
      actor_email: e.actor.email,
      actor_name: e.actor.name,
      role: e.actor.role,
      kind: e.kind,
      task_id: e.task_id ?? null,
      campaign_id: e.campaign_id ?? null,
      subject_id: e.subject_id === undefined || e.subject_id === null ? null : String(e.subject_id),
      detail: e.detail ? JSON.stringify(e.detail) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type AuditEventFilters = { task_id?: number; campaign_id?: number; /** Exact kinds (e.g. ["comment.created", "comment.deleted"]). */ kinds?: string[]; from?: string; to?: string; limit?: number; offset?: number };

/** Newest first. */
export async function listAuditEvents(f: AuditEventFilters = {}): Promise<AuditEventRow[]> {
  await ensureMigrated();
  let q = db().selectFrom("audit_events").selectAll();
  if (f.task_id !== undefined) q = q.where("task_id", "=", f.task_id);
  if (f.campaign_id !== undefined) q = q.where("campaign_id", "=", f.campaign_id);
  if (f.kinds && f.kinds.length > 0) q = q.where("kind", "in", f.kinds);
  if (f.from) q = q.where("at", ">=", f.from);
  if (f.to) q = q.where("at", "<=", f.to);
  const rows = await q.orderBy("at", "desc").orderBy("id", "desc").limit(f.limit ?? 100).offset(f.offset ?? 0).execute();
  return rows.map((r) => ({ ...r, detail_json: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null }));
}
