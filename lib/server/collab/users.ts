import "server-only";
import { DEMO_USERS } from "@/lib/auth/demo-users";
import { usersFileSnapshot } from "@/lib/auth/users-file";
import { env } from "@/lib/env";
import { databaseKind, db, ensureMigrated } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import type { MentionUser } from "@/lib/schemas/collab";

/**
 * The dashboard's people, for @mentions: the users store (the users file, or
 * the users table in production mode), the demo sign-ins with DEMO=1, and
 * anyone who signed in through single sign-on (known only by their sessions).
 * Names, emails and roles only; never a password hash.
 */
export async function listDashboardUsers(): Promise<MentionUser[]> {
  const e = env();
  const byEmail = new Map<string, MentionUser>();
  const add = (u: MentionUser) => {
    if (!byEmail.has(u.email)) byEmail.set(u.email, u);
  };
  try {
    if (databaseKind(e.DATABASE_URL) === "postgres") {
      await ensureMigrated();
      for (const u of await db().selectFrom("users").select(["email", "name", "role"]).execute()) add(u);
    } else {
      for (const u of (await usersFileSnapshot(e.AUTH_USERS_FILE)).users.values()) add({ email: u.email, name: u.name, role: u.role });
    }
  } catch (err) {
    // A broken users file must not take mentions down with it: the other sources still answer.
    log.warn("users store unreadable for mentions", { error: err instanceof Error ? err.message : String(err) });
  }
  if (e.DEMO) for (const u of DEMO_USERS) add({ email: u.email, name: u.name, role: u.role });
  await ensureMigrated();
  const sso = await db()
    .selectFrom("sessions")
    .select(["user_email", "user_name", "role"])
    .where("provider", "=", "oidc")
    .orderBy("created_at", "desc")
    .limit(500)
    .execute();
  for (const s of sso) add({ email: s.user_email, name: s.user_name, role: s.role });
  return [...byEmail.values()].sort((a, b) => a.name.localeCompare(b.name, "ru"));
}

/** Up to `limit` people whose name or email contains `q` (any case). */
export async function suggestUsers(q: string, limit = 8): Promise<MentionUser[]> {
  const needle = q.trim().toLowerCase();
  const all = await listDashboardUsers();
  return (needle ? all.filter((u) => u.email.includes(needle) || u.name.toLowerCase().includes(needle)) : all).slice(0, limit);
}
