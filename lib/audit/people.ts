/**
 * A share-link visitor is recorded as email `external:<name>` with role
 * "external" (lib/server/share/actions.ts). Lists show the name and the words
 * "link visitor", never the technical email.
 */
export const GUEST_PREFIX = "external:";

export function isGuest(who: { email: string; role?: string | null }): boolean {
  return who.role === "external" || who.email.startsWith(GUEST_PREFIX);
}

/** The line under a person's name in a list: the email of a team member, nothing for a guest (their role says it). */
export function contactLine(who: { email: string; role?: string | null }): string | null {
  return isGuest(who) ? null : who.email;
}

/** A guest's name as they typed it (the record's name, else the part after the prefix). */
export function displayName(who: { email: string; name?: string | null; role?: string | null }): string {
  const name = who.name?.trim();
  if (name) return name;
  return isGuest(who) ? who.email.slice(GUEST_PREFIX.length) : who.email;
}
