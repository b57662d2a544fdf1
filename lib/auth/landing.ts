import type { Role } from "./roles";

/**
 * The pages a person can land on after signing in (chosen on the profile page, stored per person):
 * `inbox_mine` is the inbox filtered to the posts still waiting for this person's verdict.
 * Kept free of server code: the profile's form lists the same choices.
 */
export const LANDINGS = ["inbox", "inbox_mine", "overview", "queue", "calendar"] as const;
export type Landing = (typeof LANDINGS)[number];

export const isLanding = (value: unknown): value is Landing => typeof value === "string" && (LANDINGS as readonly string[]).includes(value);

/** Where each choice leads. The queue lives per campaign, so "queue" is the campaigns' list, one click from each queue. */
export const LANDING_HREF: Record<Landing, string> = {
  inbox: "/inbox",
  inbox_mine: "/inbox?verdict=mine",
  overview: "/",
  queue: "/campaigns",
  calendar: "/calendar",
};

/**
 * A role's landing when the person has chosen none: an editor's work is the inbox, a reviewer's the
 * inbox's posts that still need their verdict; managers and admins start on the overview.
 */
export function defaultLanding(role: Role): Landing {
  return role === "editor" ? "inbox" : role === "reviewer" ? "inbox_mine" : "overview";
}

/** Where a person lands: their own choice, else their role's. */
export function landingPath(role: Role, chosen: Landing | null = null): string {
  return LANDING_HREF[chosen ?? defaultLanding(role)];
}

/** The sign-in's default destination: it redirects by role and choice (app/(app)/start). */
export const START_PATH = "/start";
