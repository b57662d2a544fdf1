import { isRole, type SessionUser } from "./roles";

/**
 * Turns whatever a JWT or session object holds into a SessionUser, or null
 * when something is missing or the role is not one we know (a token minted
 * before a role was renamed counts as signed out, not as a lesser role).
 */
export function userFromClaims(claims: unknown): SessionUser | null {
  if (!claims || typeof claims !== "object") return null;
  const { email, name, role } = claims as Record<string, unknown>;
  if (typeof email !== "string" || email.length === 0 || !isRole(role)) return null;
  return { email, name: typeof name === "string" && name.length > 0 ? name : email, role };
}
