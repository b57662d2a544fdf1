import "server-only";
import { can, type Permission, type SessionUser } from "@/lib/auth/roles";
import { currentPerson, revocationsOf, revokedSince } from "./person";

/**
 * Why a person may no longer act:
 * - removed: not in the users store any more (or their sessions were ended as user_removed);
 * - demoted: their role today lacks the permission asked for;
 * - role_changed: their role today differs from the one they acted under (`role`);
 * - revoked: an admin ended their sessions after `since`;
 * - unknown: the users store cannot be read now (refuse, but it may pass later).
 */
export const ACCESS_LOSSES = ["removed", "demoted", "role_changed", "revoked", "unknown"] as const;
export type AccessLoss = (typeof ACCESS_LOSSES)[number];

export type Standing = { ok: true; person: SessionUser } | { ok: false; loss: AccessLoss; person: SessionUser | null };

export type AccessQuestion = {
  /** What they want to do now ("decide" for approve/reject, "verdict" for a sign-off, …). */
  permission: Permission;
  /**
   * When they were given the right being used (a job queued, a link made, a
   * verdict given): an admin's revoke after it takes the right away. Without
   * it, revocations are not looked at (a signed-in request's own session row
   * was already checked).
   */
  since?: string | null;
  /** The role they acted under; any other role today is `role_changed`. */
  role?: string;
};

/**
 * "May this person do this today?" — the one access check every path asks
 * before acting in someone's name: the decision route, the bulk runner before
 * each item, share links (for their creator), sign-off counting and Telegram
 * presses. Reads the shared stores every time: the users store for the role
 * today, the sessions table for an admin's revoke.
 */
export async function checkAccess(email: string, q: AccessQuestion): Promise<Standing> {
  const person = await currentPerson(email);
  if (!person) return judge(person, null, q);
  const since = q.since ? isoOf(q.since) : null;
  return judge(person, since ? await revokedSince(email, since) : null, q);
}

type Revocation = { at: string; reason: "revoked_by_admin" | "user_removed" };

/** The answer from what the stores said: the person today and the first revoke after `since` (null: none, or not asked). */
function judge(person: SessionUser | null | undefined, revoked: Revocation | null, q: AccessQuestion): Standing {
  if (person === undefined) return { ok: false, loss: "unknown", person: null };
  if (person === null) return { ok: false, loss: "removed", person: null };
  if (revoked) return { ok: false, loss: revoked.reason === "user_removed" ? "removed" : "revoked", person };
  if (!can(person.role, q.permission)) return { ok: false, loss: "demoted", person };
  if (q.role !== undefined && q.role !== person.role) return { ok: false, loss: "role_changed", person };
  return { ok: true, person };
}

/** Times are compared as ISO text (how every table stores them): one shape, whatever the caller had. */
function isoOf(at: string): string {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? at : new Date(ms).toISOString();
}

/**
 * The same question for many acts at once (a post's sign-offs, a list of
 * links): each person and their revocations are read once per memo, however
 * many acts of theirs are judged. A memo lives for one request.
 */
export function accessMemo(): (email: string, q: AccessQuestion) => Promise<Standing> {
  const people = new Map<string, Promise<SessionUser | null | undefined>>();
  const revocations = new Map<string, Promise<Revocation[]>>();
  const once = <T>(m: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
    let hit = m.get(key);
    if (!hit) m.set(key, (hit = load()));
    return hit;
  };
  return async (email, q) => {
    const key = email.toLowerCase();
    const person = await once(people, key, () => currentPerson(email));
    const since = q.since && person ? isoOf(q.since) : null;
    const revoked = since ? ((await once(revocations, key, () => revocationsOf(email))).find((r) => r.at > since) ?? null) : null;
    return judge(person, revoked, q);
  };
}
