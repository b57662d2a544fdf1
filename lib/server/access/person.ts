import "server-only";
import { DEMO_USERS } from "@/lib/auth/demo-users";
import { isRole, type SessionUser } from "@/lib/auth/roles";
import { usersStoreFor } from "@/lib/server/auth/users-mode";
import { normalizeEmail } from "@/lib/auth/users-file";
import { env } from "@/lib/env";
import { db, ensureMigrated } from "@/lib/server/db";
import { log } from "@/lib/server/log";

/**
 * The person as the dashboard knows them now, read from the shared stores on
 * every call (nothing cached here, so a change made on one instance is seen
 * by all): a password user from the users store (the file in embedded mode,
 * the users table in production), with DEMO=1 the demo list, else a
 * single-sign-on user from their newest sign-in (the role the IdP gave last).
 * null: no longer a user. undefined: the store cannot be read (callers refuse
 * but do not treat it as a removal).
 */
export async function currentPerson(email: string): Promise<SessionUser | null | undefined> {
  const e = env();
  const key = normalizeEmail(email);
  const users = usersStoreFor(e);
  try {
    const stored = await users.find(key);
    if (stored) return isRole(stored.role) ? { email: stored.email, name: stored.name, role: stored.role } : null;
  } catch (error) {
    log.warn("access: users store unreadable", { store: users.where, error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
  const demo = e.DEMO ? DEMO_USERS.find((u) => u.email === key) : undefined;
  if (demo) return { email: demo.email, name: demo.name, role: demo.role };
  await ensureMigrated();
  const s = await db()
    .selectFrom("sessions")
    .select(["user_email", "user_name", "role"])
    .where("user_email", "=", key)
    .where("provider", "!=", "credentials")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return s && isRole(s.role) ? { email: s.user_email, name: s.user_name, role: s.role } : null;
}

/** Session ends that take a person's standing away (their own sign-out or an idle session do not). */
export const REVOKING_ENDS = ["revoked_by_admin", "user_removed"] as const;

/**
 * The first time since `since` (ISO) that an admin ended this person's
 * sessions or they were removed; null when none. Session rows live in the
 * database every instance shares (SQLite embedded, Postgres in production).
 */
export async function revokedSince(email: string, since: string): Promise<{ at: string; reason: (typeof REVOKING_ENDS)[number] } | null> {
  await ensureMigrated();
  const row = await db()
    .selectFrom("sessions")
    .select(["revoked_at", "revoked_reason"])
    .where("user_email", "=", normalizeEmail(email))
    .where("revoked_reason", "in", [...REVOKING_ENDS])
    .where("revoked_at", ">", since)
    .orderBy("revoked_at", "asc")
    .limit(1)
    .executeTakeFirst();
  if (!row?.revoked_at) return null;
  return { at: row.revoked_at, reason: row.revoked_reason === "user_removed" ? "user_removed" : "revoked_by_admin" };
}

/** Every time an admin ended this person's sessions or they were removed (for judging many acts of one person at once). */
export async function revocationsOf(email: string): Promise<{ at: string; reason: (typeof REVOKING_ENDS)[number] }[]> {
  await ensureMigrated();
  const rows = await db()
    .selectFrom("sessions")
    .select(["revoked_at", "revoked_reason"])
    .where("user_email", "=", normalizeEmail(email))
    .where("revoked_reason", "in", [...REVOKING_ENDS])
    .orderBy("revoked_at", "asc")
    .execute();
  return rows.flatMap((r) => (r.revoked_at ? [{ at: r.revoked_at, reason: r.revoked_reason === "user_removed" ? ("user_removed" as const) : ("revoked_by_admin" as const) }] : []));
}
