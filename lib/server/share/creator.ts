import "server-only";
import { accessMemo, checkAccess, type AccessLoss, type Standing } from "@/lib/server/access";
import type { ShareLink } from "./store";

/**
 * A link acts in its creator's name, so it works only while they may still
 * do what it offers: decide (a deciding link) or share (a read-only one),
 * not removed, and not signed out everywhere by an admin since it was made.
 * Asked on every visitor request (openLink) and for the links list.
 */
const question = (link: ShareLink) => ({ permission: link.can_decide ? ("decide" as const) : ("share:manage" as const), since: link.created_at });

export function creatorStanding(link: ShareLink): Promise<Standing> {
  return checkAccess(link.created_by.email, question(link));
}

/** Why an active link stopped working (its creator's loss); null for a link that works or is already expired/revoked. */
export type LinkStop = Exclude<AccessLoss, "unknown">;

/** The links with `stopped` set, one look-up per creator and question. An unreadable users store leaves `stopped` null (not known). */
export async function withCreatorStanding<L extends ShareLink>(links: readonly L[]): Promise<(L & { stopped: LinkStop | null })[]> {
  const ask = accessMemo();
  return Promise.all(
    links.map(async (link) => {
      if (link.status !== "active") return { ...link, stopped: null };
      const s = await ask(link.created_by.email, question(link));
      return { ...link, stopped: s.ok || s.loss === "unknown" ? null : s.loss };
    }),
  );
}
