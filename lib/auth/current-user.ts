import "server-only";
import { getServerSession } from "next-auth";
import { authOptions } from "./options";
import type { SessionUser } from "./roles";
import { userFromClaims } from "./token";

/** The signed-in person for server pages and layouts, or null. */
export async function getCurrentUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions);
  return userFromClaims(session?.user);
}
