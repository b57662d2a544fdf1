import "server-only";
import { DEMO_USERS } from "@/lib/auth/demo-users";
import { isRole, type SessionUser } from "@/lib/auth/roles";
import { usersStoreFor } from "@/lib/auth/users-mode";
import { env } from "@/lib/env";
import { db, ensureMigrated } from "@/lib/server/db";
import { linkByTgUser, unlink, type Link } from "./store";

/**
 * Who a Telegram user is to the dashboard, asked again at every tap: the
 * link, then the person as the dashboard knows them today. A password user's
 * role is the users store's (or the demo list's) now; a single-sign-on user's
 * is their latest sign-in's. The link ends when the person was removed or
 * signed out everywhere by an admin after linking (a session ended as
 * revoked_by_admin or user_removed), so a revoked person loses the bot at
 * their next tap, like they lose the web at their next request.
 */
export type Person = SessionUser & { link: Link };

/** Session ends that take the bot away too (a person's own sign-out or an idle session do not). */
const ENDS_LINK = ["revoked_by_admin", "user_removed"];

export async function personFor(tgUserId: string | number): Promise<Person | null> {
  const link = await linkByTgUser(String(tgUserId));
  if (!link) return null;
  const user = await currentUser(link.email);
  const revoked = await revokedSince(link.email, link.linked_at);
  if (!user || revoked) {
    // Removed or signed out everywhere: the link itself goes, so the next card is not sent either.
    if (user === null || revoked) await unlink({ email: link.email });
    return null;
  }
  return { ...user, link };
}

/** The person with their current role; null when they are no longer a user; undefined when unknown (store unreadable). */
export async function currentUser(email: string): Promise<SessionUser | null | undefined> {
  const e = env();
  try {
    const stored = await usersStoreFor(e).find(email);
    if (stored) return isRole(stored.role) ? { email: stored.email, name: stored.name, role: stored.role } : null;
  } catch {
    return undefined; // the store is broken: refuse this tap, keep the link
  }
  const demo = e.DEMO ? DEMO_USERS.find((u) => u.email === email) : undefined;
  if (demo) return { email: demo.email, name: demo.name, role: demo.role };
  // Single sign-on: known only by its sign-ins; the newest says the role the IdP gives today.
  await ensureMigrated();
  const s = await db()
    .selectFrom("sessions")
    .select(["user_email", "user_name", "role"])
    .where("user_email", "=", email)
    .where("provider", "!=", "credentials")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return s && isRole(s.role) ? { email: s.user_email, name: s.user_name, role: s.role } : null;
}

export async function revokedSince(email: string, since: string): Promise<boolean> {
  await ensureMigrated();
  const row = await db()
    .selectFrom("sessions")
    .select("id")
    .where("user_email", "=", email)
    .where("revoked_reason", "in", ENDS_LINK)
    .where("revoked_at", ">", since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
