import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { ApiError } from "@/lib/server/errors";
import { publishEvent } from "@/lib/server/events";
import type { PolicyView } from "@/lib/schemas/collab";
import type { CommentAuthor } from "./comments";
import { isSignedOff, verdictsForPost } from "./verdicts";
import "./tables";

/**
 * A campaign's approval policy: 1 step (an editor's approve alone, the
 * default: no row) or 2 steps (an approve needs a reviewer's "ok" on the
 * active version first).
 */

export const SIGNOFF_MESSAGE =
  "Кампания требует двух шагов: сначала рецензент должен одобрить («ок») текущую версию поста, и лишь затем пост можно одобрить.";

export async function getPolicy(campaign_id: number): Promise<PolicyView> {
  await ensureMigrated();
  const row = await db().selectFrom("campaign_policies").selectAll().where("campaign_id", "=", campaign_id).executeTakeFirst();
  return { campaign_id, steps: row?.steps === 2 ? 2 : 1, set_by: row?.set_by ?? null, set_at: row?.set_at ?? null };
}

/** Steps by campaign for many at once (1 for those never set). */
export async function policySteps(campaignIds: readonly number[]): Promise<Map<number, 1 | 2>> {
  const out = new Map<number, 1 | 2>(campaignIds.map((id) => [id, 1]));
  if (campaignIds.length === 0) return out;
  await ensureMigrated();
  const rows = await db().selectFrom("campaign_policies").select(["campaign_id", "steps"]).where("campaign_id", "in", [...campaignIds]).execute();
  for (const r of rows) out.set(r.campaign_id, r.steps === 2 ? 2 : 1);
  return out;
}

export async function setPolicy(campaign_id: number, steps: 1 | 2, actor: CommentAuthor): Promise<PolicyView> {
  await ensureMigrated();
  const set_at = new Date().toISOString();
  const view = await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("campaign_policies").select("steps").where("campaign_id", "=", campaign_id).executeTakeFirst();
      await trx
        .insertInto("campaign_policies")
        .values({ campaign_id, steps, set_by: actor.email, set_at })
        .onConflict((oc) => oc.column("campaign_id").doUpdateSet({ steps, set_by: actor.email, set_at }))
        .execute();
      await recordAuditEvent(
        { at: set_at, actor, kind: "policy.set", campaign_id, subject_id: campaign_id, detail: { steps, previous_steps: before?.steps ?? 1 } },
        trx,
      );
      return { campaign_id, steps, set_by: actor.email, set_at } satisfies PolicyView;
    });
  publishEvent({ type: "campaign", campaign_id, reason: "refresh" });
  return view;
}

/**
 * Throws 409 `signoff_required` when the post's campaign needs two steps and
 * the active version has no reviewer's "ok" (or someone asked for changes on
 * it). `approverEmail`: the approver's own "ok" does not count.
 */
export async function assertSignoff(task_id: number, campaign_id: number | null, activeVersion: number | null, approverEmail?: string): Promise<void> {
  if (campaign_id === null) return;
  const { steps } = await getPolicy(campaign_id);
  if (steps !== 2) return;
  const { current } = await verdictsForPost(task_id, activeVersion);
  if (activeVersion === null || !isSignedOff(current, approverEmail)) throw new ApiError("signoff_required", SIGNOFF_MESSAGE);
}
