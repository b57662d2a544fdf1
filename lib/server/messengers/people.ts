import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { currentPerson, revokedSince } from "@/lib/server/access";
import { personFor } from "./access";
import { isMaxRef } from "./max/config";
import { maxLinkByUser, unlinkMax } from "./max/store";

/**
 * Who pressed, in any messenger: the link, then the person as the dashboard
 * knows them now (./access.ts says the rules). A MAX link ends the
 * same way a Telegram one does: removed, or signed out everywhere by an admin.
 */
export async function deciderFor(userRef: string | number): Promise<SessionUser | null> {
  if (!isMaxRef(userRef)) return personFor(userRef);
  const link = await maxLinkByUser(String(userRef));
  if (!link) return null;
  const user = await currentPerson(link.email);
  const revoked = await revokedSince(link.email, link.linked_at);
  if (user === null || revoked) await unlinkMax({ email: link.email });
  return user && !revoked ? user : null;
}
