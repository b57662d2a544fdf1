import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { ApiError, text, type ServerText } from "@/lib/server/errors";
import { publishEvent } from "@/lib/server/events";
import type { PostDetail } from "@/lib/schemas";
import { PolicyStep, type PolicyBody, type PolicyView } from "@/lib/schemas/collab";
import type { CommentAuthor } from "./comments";
import { findingsOf } from "./policy-findings";
import { evaluateRoute, isVisitor, namedByAny, signoffStanding, type Approver } from "./policy-route";
import { listDashboardUsers } from "./users";
import { counts, withStanding } from "./verdict-standing";
import { verdictsForPost } from "./verdicts";
import "./tables";

/**
 * A campaign's approval policy: an ordered list of sign-off steps before the
 * editor's approve (no row, or no steps: the editor approves alone). Rows
 * from before 0013 say only `steps` 1 or 2; 2 meant one reviewer's "ok".
 */

const SIGNOFF_MESSAGE: ServerText = text("collab.signoffIntro");

const REVIEWER_STEP: PolicyStep = { who: { role: "reviewer" }, need: "any", when: { kind: "always" } };

function stepsOf(row: { steps: number; rules: string | null } | undefined): PolicyStep[] {
  if (!row) return [];
  if (row.rules !== null) {
    try {
      const parsed = PolicyStep.array().safeParse(JSON.parse(row.rules));
      if (parsed.success) return parsed.data;
    } catch {
      // unreadable JSON: fall through to the strictest reading of the row
    }
    // A stored policy we cannot read must not approve with fewer steps than it had.
    return [REVIEWER_STEP];
  }
  return row.steps >= 2 ? [REVIEWER_STEP] : [];
}

export async function getPolicy(campaign_id: number): Promise<PolicyView> {
  await ensureMigrated();
  const row = await db().selectFrom("campaign_policies").selectAll().where("campaign_id", "=", campaign_id).executeTakeFirst();
  const signoff = stepsOf(row);
  return { campaign_id, steps: signoff.length + 1, signoff, set_by: row?.set_by ?? null, set_at: row?.set_at ?? null };
}

export async function setPolicy(campaign_id: number, body: PolicyBody, actor: CommentAuthor): Promise<PolicyView> {
  const signoff = "signoff" in body ? body.signoff : body.steps === 2 ? [REVIEWER_STEP] : [];
  await ensureMigrated();
  const set_at = new Date().toISOString();
  const steps = signoff.length + 1;
  const rules = JSON.stringify(signoff);
  const view = await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("campaign_policies").select(["steps", "rules"]).where("campaign_id", "=", campaign_id).executeTakeFirst();
      await trx
        .insertInto("campaign_policies")
        .values({ campaign_id, steps, rules, set_by: actor.email, set_at })
        .onConflict((oc) => oc.column("campaign_id").doUpdateSet({ steps, rules, set_by: actor.email, set_at }))
        .execute();
      await recordAuditEvent(
        {
          at: set_at,
          actor,
          kind: "policy.set",
          campaign_id,
          subject_id: campaign_id,
          detail: { steps, previous_steps: before?.steps ?? 1, signoff, previous_signoff: stepsOf(before) },
        },
        trx,
      );
      return { campaign_id, steps, signoff, set_by: actor.email, set_at } satisfies PolicyView;
    });
  publishEvent({ type: "campaign", campaign_id, reason: "refresh" });
  return view;
}

/** Emails of the dashboard's people by role, for steps that need "all" of a role. */
export async function peopleByRole(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const u of await listDashboardUsers()) out.set(u.role, [...(out.get(u.role) ?? []), u.email.toLowerCase()]);
  return out;
}

/** The sign-off steps on a post's version as they stand (for the post page and the approve check). */
export async function routeForPost(task_id: number, signoff: PolicyStep[], activeVersion: number | null, approver?: Approver, post?: PostDetail) {
  const [{ current: given }, findings, people] = await Promise.all([
    verdictsForPost(task_id, activeVersion),
    signoff.some((s) => s.when.kind !== "always") ? findingsOf(task_id, activeVersion, post) : Promise.resolve(null),
    signoff.some((s) => s.need === "all" && "role" in s.who) ? peopleByRole() : Promise.resolve(new Map<string, string[]>()),
  ]);
  // Only sign-offs whose authors still stand today are counted (verdict-standing.ts).
  const judged = await withStanding(given);
  const route = evaluateRoute({ signoff, current: judged.filter(counts), findings, people, approver });
  // An "ok" of someone no step names (left the group, or never in it) is shown as not counting too.
  const current = judged.map((v) => (v.verdict === "ok" && !v.not_counted && !isVisitor(v) && !namedByAny(signoff, v) ? { ...v, not_counted: "not_named" as const } : v));
  return { current, ...route };
}

function refusal(missing: { index: number; step: PolicyStep; waiting_for: string[] }[], changes: boolean): ApiError {
  if (changes) return new ApiError("signoff_required", text("collab.changesRequested"));
  const [first] = missing;
  const own = text("collab.ownNotCounted");
  if (!first) return new ApiError("signoff_required", text("collab.refused", { intro: SIGNOFF_MESSAGE, own }));
  const who = first.step.who;
  const step = text("collab.stepMissing", {
    step: first.index + 1,
    name: first.step.name || "none",
    all: first.step.need === "all" ? "yes" : "no",
    whoKind: "role" in who ? "role" : "group",
    who: "role" in who ? who.role : who.group,
    waiting: first.waiting_for.length ? first.waiting_for.join(", ") : "none",
  });
  return new ApiError("signoff_required", text("collab.refusedAtStep", { intro: SIGNOFF_MESSAGE, step, own }));
}

/**
 * Throws 409 `signoff_required` when an applicable sign-off step of the
 * campaign's policy is not passed on `activeVersion` (the version the approve
 * was checked against, from a fresh read). The approver (for a share-link
 * visitor: the link's creator) never signs off their own approve.
 */
export async function assertSignoff(task_id: number, campaign_id: number | null, activeVersion: number | null, approver: Approver, policy?: PolicyView, post?: PostDetail): Promise<void> {
  if (campaign_id === null) return;
  const { signoff } = policy ?? (await getPolicy(campaign_id));
  if (signoff.length === 0) return;
  if (activeVersion === null) throw refusal([], false);
  const route = await routeForPost(task_id, signoff, activeVersion, approver, post);
  // The same reading the queue row and the post page show.
  const { state } = signoffStanding(route);
  if (state === "awaiting" || state === "changes") throw refusal(route.states.filter((s) => s.applies && !s.passed), route.changes);
}
