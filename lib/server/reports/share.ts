import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { linkIdOf, newToken, tokenMatches } from "@/lib/server/share/token";

/*
 * Read-only links to one report, like post share links: a random token (only
 * its hash kept), an expiry, revocable; the page it opens (/r/<token>) shows
 * that report and nothing else, with no session.
 */
export interface ReportSharesTable {
  id: string;
  token_hash: string;
  campaign_id: number | null;
  /** A project's report (migration 0030). */
  project_id: number | null;
  period_from: string;
  period_to: string;
  /** The creator's zone: the report's days are theirs, whoever opens it. */
  time_zone: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

declare module "@/lib/server/db/schema" {
  interface Database {
    report_shares: ReportSharesTable;
  }
}

export const REPORT_SHARE_MAX_DAYS = 30;
export type ReportShare = { id: string; campaignId: number | null; projectId: number | null; period: { from: string; to: string }; timeZone: string; expiresAt: string };
export type ShareState = { ok: true; share: ReportShare } | { ok: false; reason: "not_found" | "link_expired" | "link_revoked" };

export async function createReportShare(db: Kysely<Database>, o: { campaignId: number | null; projectId?: number | null; period: { from: string; to: string }; timeZone: string; createdBy: string; days: number; now?: number }) {
  const now = o.now ?? Date.now();
  const { id, token, hash } = newToken();
  const expiresAt = new Date(now + o.days * 86_400_000).toISOString();
  await db
    .insertInto("report_shares")
    .values({ id, token_hash: hash, campaign_id: o.campaignId, project_id: o.projectId ?? null, period_from: o.period.from, period_to: o.period.to, time_zone: o.timeZone, created_by: o.createdBy, created_at: new Date(now).toISOString(), expires_at: expiresAt, revoked_at: null })
    .execute();
  return { id, token, expiresAt };
}

export async function openReportShare(db: Kysely<Database>, token: string, now = Date.now()): Promise<ShareState> {
  const id = linkIdOf(token);
  if (!id) return { ok: false, reason: "not_found" };
  const row = await db.selectFrom("report_shares").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || !tokenMatches(token, row.token_hash)) return { ok: false, reason: "not_found" };
  if (row.revoked_at) return { ok: false, reason: "link_revoked" };
  if (Date.parse(row.expires_at) <= now) return { ok: false, reason: "link_expired" };
  return { ok: true, share: { id, campaignId: row.campaign_id === null ? null : Number(row.campaign_id), projectId: row.project_id == null ? null : Number(row.project_id), period: { from: row.period_from, to: row.period_to }, timeZone: row.time_zone, expiresAt: row.expires_at } };
}

/** The creator (or an admin, `anyone`) ends a link; false when there was none to end. */
export async function revokeReportShare(db: Kysely<Database>, id: string, by: string, anyone: boolean, now = Date.now()): Promise<boolean> {
  let q = db.updateTable("report_shares").set({ revoked_at: new Date(now).toISOString() }).where("id", "=", id).where("revoked_at", "is", null);
  if (!anyone) q = q.where("created_by", "=", by);
  return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
}
