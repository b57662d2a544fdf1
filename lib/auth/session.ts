import "server-only";
import type { NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { isRole, type SessionUser } from "./roles";

/**
 * The signed-in person of a request, read from the next-auth JWT cookie.
 * The token carries `email`, `name` and `role`; anything else (or a role we
 * do not know) counts as signed out.
 */
export async function getSessionUser(req: NextRequest): Promise<SessionUser | null> {
  const token = await getToken({ req, secret: env().NEXTAUTH_SECRET });
  if (!token || typeof token.email !== "string" || !isRole(token.role)) return null;
  return { email: token.email, name: typeof token.name === "string" ? token.name : token.email, role: token.role };
}
