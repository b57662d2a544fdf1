import "server-only";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { authOptions } from "./options";
import type { SessionUser } from "./roles";
import { userFromClaims } from "./token";

/**
 * The signed-in person for server pages and layouts, or null. Memoised per
 * request: the layout and the page both ask, and each ask would otherwise
 * decrypt the session cookie again.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getServerSession(authOptions);
  return userFromClaims(session?.user);
});
