import "server-only";
import { createHash, randomBytes } from "node:crypto";
import * as z from "zod";
import { db, ensureMigrated } from "@/lib/server/db";
import type { SessionRow } from "@/lib/server/db/schema";
import { log } from "@/lib/server/log";
import type { SessionUser } from "@/lib/auth/roles";

/**
 * Session records: one row per sign-in, looked up by the hash of the random
 * `sid` the JWT carries. Ending a session sets `revoked_at`; rows are kept
 * (the admin page shows recent ones) and pruned a month after they expire.
 */
export const END_REASONS = ["signed_out", "user_removed", "role_changed", "revoked_by_admin", "idle", "expired"] as const;
export type EndReason = (typeof END_REASONS)[number];

// Columns hold what a client sent (user agent) or an IdP chose (name): bounded before storing.
const LIMITS = { email: 254, name: 200, provider: 32, userAgent: 256, ip: 45 } as const;
const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/** A person's email as the admin routes take it: compared with the stored, normalised one. */
export const SessionEmail = z.string().trim().toLowerCase().max(LIMITS.email).pipe(z.email());

/** 256 random bits, URL-safe: unguessable, and fine inside a JWT. */
export function newSid(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSid(sid: string): string {
  return createHash("sha256").update(sid).digest("hex");
}

export type NewSession = { user: SessionUser; provider: string; maxAgeMs: number; userAgent?: string | null; ip?: string | null };

/** Records a sign-in; returns the sid to put in the JWT. */
export async function createSession(s: NewSession, now = Date.now()): Promise<string> {
  await ensureMigrated();
  await pruneOld(now);
  const sid = newSid();
  const at = new Date(now).toISOString();
  await db()
    .insertInto("sessions")
    .values({
      sid_hash: hashSid(sid),
      user_email: s.user.email.slice(0, LIMITS.email),
      user_name: s.user.name.slice(0, LIMITS.name),
      role: s.user.role,
      provider: s.provider.slice(0, LIMITS.provider),
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now + s.maxAgeMs).toISOString(),
      revoked_at: null,
      revoked_reason: null,
      revoked_by: null,
      user_agent: clip(s.userAgent, LIMITS.userAgent),
      ip: clip(s.ip, LIMITS.ip),
    })
    .execute();
  return sid;
}

export async function findSession(sidHash: string): Promise<SessionRow | undefined> {
  await ensureMigrated();
  return db().selectFrom("sessions").selectAll().where("sid_hash", "=", sidHash).executeTakeFirst();
}

export async function sessionExists(id: number): Promise<boolean> {
  await ensureMigrated();
  return (await db().selectFrom("sessions").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export async function touchSession(id: number, now: number): Promise<void> {
  await db().updateTable("sessions").set({ last_seen_at: new Date(now).toISOString() }).where("id", "=", id).execute();
}

type Target = { sidHash: string } | { id: number } | { email: string };

/**
 * Ends sessions that are still open; returns how many. Every request checks
 * the row (session-check.ts), so the next request of that person is refused
 * on every instance; their open event streams close at their next check (1 s).
 */
export async function revokeSessions(target: Target, reason: EndReason, by: string | null = null, now = Date.now()): Promise<number> {
  await ensureMigrated();
  let q = db()
    .updateTable("sessions")
    .set({ revoked_at: new Date(now).toISOString(), revoked_reason: reason, revoked_by: clip(by, LIMITS.email) })
    .where("revoked_at", "is", null);
  if ("sidHash" in target) q = q.where("sid_hash", "=", target.sidHash);
  else if ("id" in target) q = q.where("id", "=", target.id);
  else q = q.where("user_email", "=", target.email);
  const result = await q.executeTakeFirst();
  const count = Number(result.numUpdatedRows);
  if (count > 0) log.info("sessions ended", { ...("email" in target ? { email: target.email } : {}), reason, by, count });
  return count;
}

export type SessionListItem = Omit<SessionRow, "sid_hash"> & { active: boolean };

/** Newest first; `active` means not ended and not past its absolute expiry (idleness is judged on the next request). */
export async function listSessions(opts: { email?: string; limit?: number } = {}, now = Date.now()): Promise<SessionListItem[]> {
  await ensureMigrated();
  let q = db()
    .selectFrom("sessions")
    .select(["id", "user_email", "user_name", "role", "provider", "created_at", "last_seen_at", "expires_at", "revoked_at", "revoked_reason", "revoked_by", "user_agent", "ip"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(opts.limit ?? 200);
  if (opts.email) q = q.where("user_email", "=", opts.email);
  const nowIso = new Date(now).toISOString();
  return (await q.execute()).map((row) => ({ ...row, active: row.revoked_at === null && row.expires_at > nowIso }));
}

/** Rows a month past expiry are of no use to anyone; checked at most hourly, on sign-in. */
const PRUNE_AFTER_MS = 30 * 24 * 60 * 60_000;
let lastPrune = 0;
async function pruneOld(now: number): Promise<void> {
  if (now - lastPrune < 60 * 60_000) return;
  lastPrune = now;
  await db().deleteFrom("sessions").where("expires_at", "<", new Date(now - PRUNE_AFTER_MS).toISOString()).execute();
}
