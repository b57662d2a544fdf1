import "server-only";
import { env, type Env } from "@/lib/env";
import type { SessionRow } from "@/lib/server/db/schema";
import { log } from "@/lib/server/log";
import { DEMO_USERS } from "@/lib/auth/demo-users";
import { isRole, type SessionUser } from "@/lib/auth/roles";
import { findSession, hashSid, revokeSessions, touchSession, type EndReason } from "@/lib/server/auth/session-store";
import { usersStoreFor } from "@/lib/server/auth/users-mode";

/** last_seen_at is written at most this often per session; idleness is judged at that grain. */
const TOUCH_INTERVAL_MS = 60_000;

/** A sid as newSid() makes it (43 base64url characters); anything else is not looked up. */
const SID_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The person a decoded token stands for, if its session record is still
 * open: not ended, not idle longer than SESSION_IDLE_MINUTES, not older than
 * SESSION_MAX_HOURS, and (password users) still in the users store (the
 * file, or the database in production mode) with the same role. A session
 * that fails a check is ended in the database, so the admin page shows why.
 * The answer comes from the record, not the token, and is asked on every
 * request (no verdict is reused): a sign-out, an admin's revoke, a removal or
 * a role change made on any instance (or by hand in the users file or table)
 * refuses that person's next request everywhere. The cost is one indexed
 * read of the session row and one of the users store (a stat() of the file).
 */
export async function checkSession(claims: { email?: unknown; sid?: unknown } | null | undefined): Promise<SessionUser | null> {
  const sid = claims?.sid;
  if (typeof sid !== "string" || !SID_SHAPE.test(sid) || typeof claims?.email !== "string") return null;
  const row = await findSession(hashSid(sid));
  const user = !row || row.revoked_at ? null : await judge(row, env(), Date.now());
  return user && user.email === claims.email ? user : null;
}

async function judge(row: SessionRow, e: Env, now: number): Promise<SessionUser | null> {
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
    if (current === "unknown") return null;
    if (!current) return ended("user_removed");
    if (current.role !== row.role) return ended("role_changed");
    user = { ...user, name: current.name };
  }
  if (now - lastSeen >= TOUCH_INTERVAL_MS) await touchSession(row.id, now);
  return user;
}

async function end(row: SessionRow, reason: EndReason, now: number): Promise<null> {
  await revokeSessions({ id: row.id }, reason, null, now);
  return null;
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
