import type { Role } from "./roles";

/**
 * Where a person lands after signing in without a destination of their own: an editor's work is
 * the inbox, a reviewer's the inbox too (the posts waiting for a decision); managers and admins
 * start on the overview.
 */
export function landingPath(role: Role): string {
  return role === "editor" || role === "reviewer" ? "/inbox" : "/";
}

/** The sign-in's default destination: it redirects by role (app/(app)/start). */
export const START_PATH = "/start";
