import "server-only";
import { env, type Env } from "@/lib/env";
import type { SessionRow } from "@/lib/server/db/schema";
import { log } from "@/lib/server/log";
import { DEMO_USERS } from "./demo-users";
import { isRole, type SessionUser } from "./roles";
import { findSession, hashSid, revokeSessions, touchSession, verdicts, type EndReason } from "./session-store";
import { usersStoreFor } from "./users-mode";

/**
 * How long a verdict is reused. Short: a revocation on another process (or a
 * users-file change) takes effect within this time; on this process a
 * revocation empties the cache at once.
 */
export const CHECK_CACHE_MS = 3_000;
/** last_seen_at is written at most this often per session; idleness is judged at that grain. */
export const TOUCH_INTERVAL_MS = 60_000;
const CACHE_MAX = 5_000;

/** A sid as newSid() makes it (43 base64url characters); anything else is not looked up. */
const SID_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The person a decoded token stands for, if its session record is still
 * open: not ended, not idle longer than SESSION_IDLE_MINUTES, not older than
 * SESSION_MAX_HOURS, and (password users) still in the users store (the
 * file, or the database in production mode) with the same role. A session
 * that fails a check is ended in the database, so the admin page shows why.
 * The answer comes from the record, not the token.
 */
export async function checkSession(claims: { email?: unknown; sid?: unknown } | null | undefined): Promise<SessionUser | null> {
  const sid = claims?.sid;
  if (typeof sid !== "string" || !SID_SHAPE.test(sid) || typeof claims?.email !== "string") return null;
  const key = hashSid(sid);
  const now = Date.now();
  const hit = verdicts.entries.get(key);
  const user = hit && hit.until > now ? hit.user : await evaluate(key, now);
  return user && user.email === claims.email ? user : null;
}

async function evaluate(key: string, now: number): Promise<SessionUser | null> {
  const e = env();
  const generation = verdicts.generation;
  const row = await findSession(key);
  let verdict: { user: SessionUser | null; until: number };
  if (!row || row.revoked_at) verdict = { user: null, until: now + CHECK_CACHE_MS };
  else verdict = await judge(row, e, now);
  const { entries } = verdicts;
  if (verdicts.generation === generation) {
    if (entries.size >= CACHE_MAX) entries.delete(entries.keys().next().value as string);
    entries.set(key, verdict);
  }
  return verdict.user;
}

async function judge(row: SessionRow, e: Env, now: number): Promise<{ user: SessionUser | null; until: number }> {
  const created = Date.parse(row.created_at);
  const lastSeen = Date.parse(row.last_seen_at);
  // The env may have been lowered since sign-in: the smaller limit wins.
  const expires = Math.min(Date.parse(row.expires_at), created + e.SESSION_MAX_HOURS * 3_600_000);
  const idleUntil = lastSeen + e.SESSION_IDLE_MINUTES * 60_000;
  const ended = (reason: EndReason) => end(row, reason, now);
  if (!(now < expires)) return ended("expired");
  if (!(now < idleUntil)) return ended("idle");
  if (!isRole(row.role)) return ended("role_changed");

  let user: SessionUser = { email: row.user_email, name: row.user_name, role: row.role };
  if (row.provider === "credentials") {
    const current = await currentCredentialsUser(row.user_email, e);
    if (current === "unknown") return { user: null, until: now + CHECK_CACHE_MS };
    if (!current) return ended("user_removed");
    if (current.role !== row.role) return ended("role_changed");
    user = { ...user, name: current.name };
  }
  let seen = lastSeen;
  if (now - lastSeen >= TOUCH_INTERVAL_MS) {
    await touchSession(row.id, now);
    seen = now;
  }
  // Never reused past a deadline, however short the remaining time.
  return { user, until: Math.min(now + CHECK_CACHE_MS, expires, seen + e.SESSION_IDLE_MINUTES * 60_000) };
}

async function end(row: SessionRow, reason: EndReason, now: number): Promise<{ user: null; until: number }> {
  await revokeSessions({ id: row.id }, reason, null, now);
  return { user: null, until: now + CHECK_CACHE_MS };
}

/**
 * The person as the users store (or, with DEMO=1, the demo list) says today;
 * null when gone; "unknown" when the store cannot be read (a mistyped file, the
 * database down), in which case the request is refused but the session is
 * left open, so that fixing it restores everybody without a new sign-in.
 */
let lastLogged: unknown;
async function currentCredentialsUser(email: string, e: Env): Promise<{ name: string; role: string } | null | "unknown"> {
  const users = usersStoreFor(e);
  try {
    const stored = await users.find(email);
    return stored ?? (e.DEMO ? (DEMO_USERS.find((u) => u.email === email) ?? null) : null);
  } catch (error) {
    // The same broken file throws the same error object: logged once, not on every request.
    if (error !== lastLogged) log.error("users unreadable: password sessions refused until fixed", { store: users.where, error: error instanceof Error ? error : String(error) });
    lastLogged = error;
    return "unknown";
  }
}
