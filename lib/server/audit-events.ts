import "server-only";
import { sql } from "kysely";
import * as z from "zod";
import { dateTime } from "@/lib/schemas";
import { escapeLike, intInRange } from "@/lib/server/audit";
import { databaseKind, db, ensureMigrated } from "@/lib/server/db";

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

/** The kinds grouped as the activity page filters them: `comment` is comment.created/edited/deleted, … */
const AUDIT_EVENT_GROUPS = ["comment", "verdict", "policy", "share", "notify", "bulk"] as const;

/** Filters of GET /api/audit/events, from raw query strings (the same names as GET /api/audit's). */
export const AuditEventQuery = z.object({
  campaign_id: intInRange(1, Number.MAX_SAFE_INTEGER).optional(),
  task_id: intInRange(1, Number.MAX_SAFE_INTEGER).optional(),
  user: z.string().trim().min(1).max(200).optional(),
  /** Exactly this actor (the activity page's picker). */
  user_email: z.string().trim().min(1).max(254).optional(),
  group: z.enum(AUDIT_EVENT_GROUPS).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
  limit: intInRange(1, 200).default(50),
  offset: intInRange(0, Number.MAX_SAFE_INTEGER).default(0),
  format: z.enum(["json", "csv"]).default("json"),
});
export type AuditEventQuery = z.output<typeof AuditEventQuery>;

export type AuditEventFilters = {
  task_id?: number;
  campaign_id?: number;
  /** Exact kinds (e.g. ["comment.created", "comment.deleted"]). */
  kinds?: string[];
  /** A group of AUDIT_EVENT_GROUPS: every kind that starts with `<group>.`. */
  group?: (typeof AUDIT_EVENT_GROUPS)[number];
  /** Part of the actor's email or name, any case (ASCII). */
  user?: string;
  /** Exactly this actor's email (or `external:<name>`). */
  user_email?: string;
  from?: string;
  to?: string;
};

function filtered(f: AuditEventFilters) {
  let q = db().selectFrom("audit_events");
  if (f.task_id !== undefined) q = q.where("task_id", "=", f.task_id);
  if (f.campaign_id !== undefined) q = q.where("campaign_id", "=", f.campaign_id);
  if (f.kinds && f.kinds.length > 0) q = q.where("kind", "in", f.kinds);
  // Groups are fixed words without LIKE wildcards.
  if (f.group) q = q.where("kind", "like", `${f.group}.%`);
  if (f.user_email) q = q.where("actor_email", "=", f.user_email);
  if (f.from) q = q.where("at", ">=", new Date(f.from).toISOString());
  if (f.to) q = q.where("at", "<=", new Date(f.to).toISOString());
  if (f.user) {
    const p = `%${escapeLike(f.user)}%`;
    // SQLite's LIKE ignores (ASCII) case; Postgres's does not, its ILIKE does.
    const like = sql.raw(databaseKind() === "postgres" ? "ilike" : "like");
    q = q.where((eb) => eb.or([sql<boolean>`actor_email ${like} ${p} escape '\\'`, sql<boolean>`actor_name ${like} ${p} escape '\\'`]));
  }
  return q;
}

function withDetail(r: Omit<AuditEventRow, "detail_json">): AuditEventRow {
  let detail_json: Record<string, unknown> | null = null;
  try {
    detail_json = r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null;
  } catch {
    detail_json = null; // written by us as JSON; a hand-edited row shows without detail rather than failing the page
  }
  return { ...r, detail_json };
}

/** Newest first. */
export async function listAuditEvents(f: AuditEventFilters = {}, page: { limit: number; offset: number } = { limit: 100, offset: 0 }) {
  await ensureMigrated();
  const base = filtered(f);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(withDetail), total: Number(count.n), limit: page.limit, offset: page.offset };
}
