import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { db, ensureMigrated } from "@/lib/server/db";
import { newToken, tokenMatches, linkIdOf } from "./token";

/**
 * Share links (migration 0010): what each names, until when, whether its
 * visitors may decide, and who made and revoked it. The token's hash is kept,
 * never the token. Creating and revoking write their audit event in the same
 * transaction, so an action is either done and audited or reported failed.
 */
declare module "@/lib/server/db/schema" {
  interface Database {
    share_links: ShareLinksTable;
  }
}

export interface ShareLinksTable {
  id: string;
  token_hash: string;
  task_id: number | null;
  campaign_id: number | null;
  /** 0 or 1 (the same on SQLite and Postgres). */
  can_decide: number;
  created_by_email: string;
  created_by_name: string;
  /** ISO 8601 in UTC, like every time in this database. */
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

export type ShareLinkStatus = "active" | "expired" | "revoked";

/** A link as the dashboard shows it: everything but the hash. */
export type ShareLink = {
  id: string;
  task_id: number | null;
  campaign_id: number | null;
  can_decide: boolean;
  created_by: { email: string; name: string };
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  status: ShareLinkStatus;
};

type Row = ShareLinksTable;

export function statusOf(row: Pick<Row, "revoked_at" | "expires_at">, now = Date.now()): ShareLinkStatus {
  if (row.revoked_at) return "revoked";
  return Date.parse(row.expires_at) <= now ? "expired" : "active";
}

function toShareLink(row: Row, now = Date.now()): ShareLink {
  return {
    id: row.id,
    task_id: row.task_id === null ? null : Number(row.task_id),
    campaign_id: row.campaign_id === null ? null : Number(row.campaign_id),
    can_decide: Number(row.can_decide) === 1,
    created_by: { email: row.created_by_email, name: row.created_by_name },
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    revoked_by: row.revoked_by,
    status: statusOf(row, now),
  };
}

export type NewShareLink = ({ task_id: number; campaign_id?: undefined } | { campaign_id: number; task_id?: undefined }) & {
  expires_in_hours: number;
  can_decide: boolean;
  /** The campaign of a post link, for the audit event's filters (null when unknown). */
  audit_campaign_id?: number | null;
};

const actor = (u: SessionUser) => ({ email: u.email, name: u.name, role: u.role });

/** Creates a link and its `share.created` event; the token is returned once, here, and never stored. */
export async function createShareLink(input: NewShareLink, by: SessionUser, now = Date.now()): Promise<{ link: ShareLink; token: string }> {
  await ensureMigrated();
  const { id, token, hash } = newToken();
  const row: Row = {
    id,
    token_hash: hash,
    task_id: input.task_id ?? null,
    campaign_id: input.campaign_id ?? null,
    can_decide: input.can_decide ? 1 : 0,
    created_by_email: by.email,
    created_by_name: by.name,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + input.expires_in_hours * 3_600_000).toISOString(),
    revoked_at: null,
    revoked_by: null,
  };
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("share_links").values(row).execute();
      await recordAuditEvent(
        {
          at: row.created_at,
          actor: actor(by),
          kind: "share.created",
          task_id: row.task_id,
          campaign_id: row.campaign_id ?? input.audit_campaign_id ?? null,
          subject_id: id,
          detail: { link_id: id, scope: row.task_id !== null ? "post" : "campaign", can_decide: input.can_decide, expires_at: row.expires_at },
        },
        trx,
      );
    });
  return { link: toShareLink(row, now), token };
}

export type ShareLinkFilters = { task_id?: number; campaign_id?: number; status?: ShareLinkStatus };

/** Newest first, at most `limit`. A status filter is applied on the times, the same way statusOf reads them. */
export async function listShareLinks(f: ShareLinkFilters = {}, limit = 200, now = Date.now()): Promise<ShareLink[]> {
  await ensureMigrated();
  let q = db().selectFrom("share_links").selectAll();
  if (f.task_id !== undefined) q = q.where("task_id", "=", f.task_id);
  if (f.campaign_id !== undefined) q = q.where("campaign_id", "=", f.campaign_id);
  const iso = new Date(now).toISOString();
  if (f.status === "revoked") q = q.where("revoked_at", "is not", null);
  if (f.status === "active") q = q.where("revoked_at", "is", null).where("expires_at", ">", iso);
  if (f.status === "expired") q = q.where("revoked_at", "is", null).where("expires_at", "<=", iso);
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => toShareLink(r, now));
}

/**
 * Revokes a link (with its `share.revoked` event). Revoking one already
 * revoked changes nothing and records nothing: the first revocation stands.
 * Null when there is no such link.
 */
export async function revokeShareLink(id: string, by: SessionUser, now = Date.now()): Promise<ShareLink | null> {
  await ensureMigrated();
  const at = new Date(now).toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("share_links").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      if (row.revoked_at) return toShareLink(row, now);
      await trx.updateTable("share_links").set({ revoked_at: at, revoked_by: by.email }).where("id", "=", id).where("revoked_at", "is", null).execute();
      await recordAuditEvent(
        { at, actor: actor(by), kind: "share.revoked", task_id: row.task_id, campaign_id: row.campaign_id, subject_id: id, detail: { link_id: id } },
        trx,
      );
      return toShareLink({ ...row, revoked_at: at, revoked_by: by.email }, now);
    });
}

/**
 * The link a token opens, whatever its status (the caller answers 410 for an
 * expired or revoked one), or null. Found by its public id, then the token's
 * hash is compared in constant time; a malformed token costs no query.
 */
export async function linkForToken(token: string, now = Date.now()): Promise<ShareLink | null> {
  const id = linkIdOf(token);
  if (!id) {
    tokenMatches(token, undefined);
    return null;
  }
  await ensureMigrated();
  const row = await db().selectFrom("share_links").selectAll().where("id", "=", id).executeTakeFirst();
  return tokenMatches(token, row?.token_hash) && row ? toShareLink(row, now) : null;
}
