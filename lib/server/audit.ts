import "server-only";
import { sql, type ExpressionBuilder } from "kysely";
import * as z from "zod";
import { dateTime } from "@/lib/schemas";
import { databaseFileProblem, databaseKind, db, ensureMigrated, type Database } from "@/lib/server/db";
import type { AuditRow, NewAuditRow } from "@/lib/server/db/schema";
import { countAuditWrite } from "@/lib/server/route/metrics";

/**
 * The audit log of decisions: every approve and reject attempt, with who,
 * when, on which version and with what outcome. Written by `decide()`, read
 * by the activity page (`GET /api/audit`) and the post page.
 */
/** The settler's bookkeeping (outcome_checks, outcome_resent_at) is not shown. */
export type AuditItem = Omit<AuditRow, "created_at" | "outcome_checks" | "outcome_resent_at">;
export type AuditEntry = Omit<NewAuditRow, "id" | "created_at">;

export const intInRange = (min: number, max: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

/** Filters of GET /api/audit, from raw query strings. */
export const AuditQuery = z.object({
  campaign_id: intInRange(1, Number.MAX_SAFE_INTEGER).optional(),
  task_id: intInRange(1, Number.MAX_SAFE_INTEGER).optional(),
  /** Part of the email or the name, any case (ASCII). */
  user: z.string().trim().min(1).max(200).optional(),
  /** Exactly this person (the activity page's picker): a dashboard email or `external:<name>`. */
  user_email: z.string().trim().min(1).max(254).optional(),
  action: z.enum(["approve", "reject"]).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
  limit: intInRange(1, 200).default(50),
  offset: intInRange(0, Number.MAX_SAFE_INTEGER).default(0),
  format: z.enum(["json", "csv"]).default("json"),
});
export type AuditQuery = z.output<typeof AuditQuery>;
export type AuditFilters = Omit<AuditQuery, "limit" | "offset" | "format">;

/** An export is all matching rows, up to this many (the newest); written by lib/csv (app/api/audit/route.ts). */
export const CSV_MAX_ROWS = 10_000;

export async function recordDecision(entry: AuditEntry): Promise<number> {
  await ensureMigrated();
  try {
    // A row written into a deleted file is lost at the next start: refuse, so the fallback file keeps it.
    const problem = databaseFileProblem();
    if (problem) throw new Error(problem);
    const row = await db().insertInto("audit_log").values(entry).returning("id").executeTakeFirstOrThrow();
    countAuditWrite(entry.action, "ok");
    return row.id;
  } catch (e) {
    countAuditWrite(entry.action, "error");
    throw e;
  }
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(f: AuditFilters) {
  return (eb: ExpressionBuilder<Database, "audit_log">) => {
    const and = [];
    if (f.campaign_id !== undefined) and.push(eb("campaign_id", "=", f.campaign_id));
    if (f.task_id !== undefined) and.push(eb("task_id", "=", f.task_id));
    if (f.user_email) and.push(eb("user_email", "=", f.user_email));
    if (f.action) and.push(eb("action", "=", f.action));
    if (f.from) and.push(eb("at", ">=", new Date(f.from).toISOString()));
    if (f.to) and.push(eb("at", "<=", new Date(f.to).toISOString()));
    if (f.user) {
      const p = `%${escapeLike(f.user)}%`;
      // SQLite's LIKE ignores (ASCII) case; Postgres's does not, its ILIKE does.
      const like = sql.raw(databaseKind() === "postgres" ? "ilike" : "like");
      and.push(eb.or([sql<boolean>`user_email ${like} ${p} escape '\\'`, sql<boolean>`user_name ${like} ${p} escape '\\'`]));
    }
    return eb.and(and);
  };
}

const COLUMNS = [
  "id", "at", "user_email", "user_name", "role", "task_id", "campaign_id", "version_number", "version_seen", "action", "reason",
  "reason_category", "note", "source", "status_after", "result", "error_code", "http_status", "duration_ms", "share_link_id", "settled_at",
  "approved_version",
] as const;

export async function listAudit(
  filters: AuditFilters,
  page: { limit: number; offset: number },
): Promise<{ items: AuditItem[]; total: number; limit: number; offset: number }> {
  await ensureMigrated();
  const base = db().selectFrom("audit_log").where(where(filters));
  const [items, count] = await Promise.all([
    base.select(COLUMNS).orderBy("at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n), limit: page.limit, offset: page.offset };
}

/** Results that changed the post (as opposed to already_*, not_pending or a failure). */
const EFFECTIVE = ["approved_now", "rejected_now"];

/** Who last changed a post through the dashboard: what a later decider is told. */
export type PriorDecision = { by: string; email: string; action: "approve" | "reject"; at: string };

const prior = (r: Pick<AuditItem, "user_name" | "user_email" | "action" | "at">): PriorDecision => ({
  by: r.user_name,
  email: r.user_email,
  action: r.action,
  at: r.at,
});

/**
 * The latest decision that changed the post, as the audit log knows it (null
 * if none). With `besidesAuditId`, the latest other than that audit row: when
 * an unknown outcome is settled as applied, it tells whether the post was
 * already where this decision would have put it (someone else's earlier
 * approve), so the row says `already_*` and names them.
 */
export async function latestEffectiveDecision(taskId: number, besidesAuditId?: number): Promise<PriorDecision | null> {
  await ensureMigrated();
  const row = await db()
    .selectFrom("audit_log")
    .select(["user_name", "user_email", "action", "at"])
    .where("task_id", "=", taskId)
    .$if(besidesAuditId !== undefined, (q) => q.where("id", "!=", besidesAuditId as number))
    .where("result", "in", EFFECTIVE)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? prior(row) : null;
}

export type PostDecisionItem = AuditItem & { overridden_by: PriorDecision | null };

/**
 * Every decision on one post, newest first. A decision that changed the post
 * and was then turned the other way by someone else (an approval rejected a
 * minute later) carries `overridden_by`, so its author learns it on their next look.
 */
export async function decisionsForPost(taskId: number, max = 500): Promise<PostDecisionItem[]> {
  await ensureMigrated();
  const rows = await db()
    .selectFrom("audit_log")
    .select(COLUMNS)
    .where("task_id", "=", taskId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(max)
    .execute();
  let newer: AuditItem | null = null;
  return rows.map((r) => {
    if (r.result === null || !EFFECTIVE.includes(r.result)) return { ...r, overridden_by: null };
    const by: AuditItem | null = newer;
    newer = r;
    return { ...r, overridden_by: by && by.action !== r.action && by.user_email !== r.user_email ? prior(by) : null };
  });
}

/** What the reject dialog offers first: a campaign's categories and reasons by use (GET /api/campaigns/[id]/reject-reasons). */
export type RejectReasonStats = {
  categories: { code: string; count: number }[];
  reasons: { text: string; category: string | null; count: number }[];
};

/**
 * The campaign's rejects the upstream took (no error), counted. Categories:
 * every configured one, most used first, unused ones in their configured
 * order (a code no longer configured is not offered again). Reasons: the
 * `max` most used texts with their category, ties broken by the latest use.
 */
export async function rejectReasonStats(campaignId: number, configured: readonly string[], max = 10): Promise<RejectReasonStats> {
  await ensureMigrated();
  const rejects = db()
    .selectFrom("audit_log")
    .where("campaign_id", "=", campaignId)
    .where("action", "=", "reject")
    .where("error_code", "is", null);
  const [byCategory, byReason] = await Promise.all([
    rejects
      .select((eb) => ["reason_category", eb.fn.countAll<number>().as("n")])
      .where("reason_category", "is not", null)
      .groupBy("reason_category")
      .execute(),
    rejects
      .select((eb) => ["reason", "reason_category", eb.fn.countAll<number>().as("n"), eb.fn.max("at").as("last")])
      .where("reason", "is not", null)
      .groupBy(["reason", "reason_category"])
      .orderBy("n", "desc")
      .orderBy("last", "desc")
      .orderBy("reason")
      .limit(max)
      .execute(),
  ]);
  // Counts come back as numbers from SQLite and as text from Postgres (count of bigint).
  const used = new Map(byCategory.map((r) => [r.reason_category, Number(r.n)]));
  const categories = configured
    .map((code, order) => ({ code, count: used.get(code) ?? 0, order }))
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .map(({ code, count }) => ({ code, count }));
  const reasons = byReason.map((r) => ({ text: r.reason ?? "", category: r.reason_category, count: Number(r.n) }));
  return { categories, reasons };
}
