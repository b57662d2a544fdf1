import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { SessionUser } from "@/lib/auth/roles";
import { sessionUserFromCookies } from "@/lib/server/auth/session";

/**
 * The signed-in person for server pages and layouts, or null: the same check
 * as API routes (cookie, then the session record), so a page never shows a
 * session the API would refuse. Memoised per request: the layout and the page
 * both ask.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => sessionUserFromCookies(await cookies()));

/**
 * For the signed-in layout. The proxy lets through any well-formed cookie,
 * including one whose session has ended (it cannot reach the database on
 * every asset); this sends such a request to the login page before the page
 * below renders (and fetches) anything.
 */
export async function requireCurrentUser(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return user;
}
