import "server-only";
import { accessMemo } from "@/lib/server/access";
import type { VerdictView } from "@/lib/schemas/collab";
import { isVisitor } from "./policy-route";

/**
 * A sign-off is a person's word, worth what their standing is today: an "ok"
 * counts only while its author is still a user, still may give verdicts,
 * holds the role they gave it under, and was not signed out everywhere by an
 * admin since. Asked through the one access check (lib/server/access) each
 * time verdicts are counted; an "ok" that fails says why in `not_counted`.
 * A "changes" keeps holding whoever asked: dropping an objection silently
 * would approve what someone asked to change.
 */
export async function withStanding(verdicts: readonly VerdictView[]): Promise<VerdictView[]> {
  const ask = accessMemo();
  return Promise.all(
    verdicts.map(async (v) => {
      if (v.verdict !== "ok" || isVisitor(v)) return v;
      const s = await ask(v.reviewer_email, { permission: "verdict", since: v.at, role: v.reviewer_role });
      return s.ok ? v : { ...v, not_counted: s.loss };
    }),
  );
}

export const counts = (v: VerdictView) => !v.not_counted;
