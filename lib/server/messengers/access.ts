import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { currentPerson, revokedSince } from "@/lib/server/access";
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

export async function personFor(tgUserId: string | number): Promise<Person | null> {
  const link = await linkByTgUser(String(tgUserId));
  if (!link) return null;
  const user = await currentPerson(link.email);
  const revoked = await revokedSince(link.email, link.linked_at);
  if (!user || revoked) {
    // Removed or signed out everywhere: the link itself goes, so the next card is not sent either.
    if (user === null || revoked) await unlink({ email: link.email });
    return null;
  }
  return { ...user, link };
}
