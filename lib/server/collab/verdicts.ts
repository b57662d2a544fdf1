import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { ApiError, invalidParameter, text as said } from "@/lib/server/errors";
import { publishEvent } from "@/lib/server/events";
import { notify } from "@/lib/server/notify";
import type { PostVerdicts, Verdict, VerdictSummary, VerdictView } from "@/lib/schemas/collab";
import type { CommentAuthor } from "./comments";
import type { Priority } from "@/lib/server/upstream-service";
import { getPolicy, routeForPost } from "./approval-policy";
import { isVisitor, signoffStanding } from "./policy-route";
import { postFacts } from "./post-facts";
import { counts, withStanding } from "./verdict-standing";
import "./tables";

/**
 * Reviewer verdicts. Every verdict given is kept; the current ones are each
 * person's latest on the post's active version, so a new version voids the
 * earlier verdicts without anything being rewritten (and the audit log keeps
 * the whole history).
 */

export type GiveVerdict = {
  task_id: number;
  campaign_id: number | null;
  /** The post's active version now (from the cached read the route made). */
  active_version: number | null;
  /** The version the reviewer read. */
  version: number;
  verdict: Verdict;
  note?: string | null;
  reviewer: CommentAuthor;
  /** When it was given (ISO); now unless given (the demo's seeded history writes the past). */
  at?: string;
};

/** A verdict on a text that is no longer (or not) the active one is refused: it would vouch for words nobody sees. */
function versionMoved(seen: number, current: number | null): ApiError {
  return new ApiError("version_changed", said("collab.verdictVersionChanged", { seen, current: current ?? "none" }), { status: 409 });
}

const toView = (r: {
  id: number; task_id: number; version: number; verdict: string; note: string | null;
  reviewer_email: string; reviewer_name: string; reviewer_role: string; at: string;
}): VerdictView => ({
  id: r.id,
  task_id: r.task_id,
  version: r.version,
  verdict: r.verdict === "changes" ? "changes" : "ok",
  note: r.note,
  reviewer_email: r.reviewer_email,
  reviewer_name: r.reviewer_name,
  reviewer_role: r.reviewer_role,
  at: r.at,
});

export async function giveVerdict(input: GiveVerdict): Promise<VerdictView> {
  if (input.active_version !== input.version) throw versionMoved(input.version, input.active_version);
  const note = input.note?.trim() ? input.note.trim() : null;
  if (input.verdict === "changes" && !note) throw new ApiError("validation_error", invalidParameter("note", said("validation.required")));
  await ensureMigrated();
  const row = {
    task_id: input.task_id,
    campaign_id: input.campaign_id,
    version: input.version,
    verdict: input.verdict,
    note,
    reviewer_email: input.reviewer.email,
    reviewer_name: input.reviewer.name,
    reviewer_role: input.reviewer.role,
    at: input.at ?? new Date().toISOString(),
  };
  const saved = await db()
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx.insertInto("verdicts").values(row).returning("id").executeTakeFirstOrThrow();
      await recordAuditEvent(
        {
          at: row.at,
          actor: input.reviewer,
          kind: "verdict.given",
          task_id: input.task_id,
          campaign_id: input.campaign_id,
          subject_id: id,
          detail: { verdict: input.verdict, version: input.version, ...(note ? { note } : {}) },
        },
        trx,
      );
      return toView({ id, ...row });
    });
  publishEvent({
    type: "verdict",
    task_id: input.task_id,
    ...(input.campaign_id !== null ? { campaign_id: input.campaign_id } : {}),
    version: input.version,
    verdict: input.verdict,
    by: input.reviewer.name,
  });
  if (input.verdict === "changes") {
    notify({
      kind: "changes_requested",
      task_id: input.task_id,
      campaign_id: input.campaign_id,
      by: { email: input.reviewer.email, name: input.reviewer.name },
      version: input.version,
      note: note ?? "",
    });
  }
  return saved;
}

/** Each person's latest verdict among `rows` (ordered by id ascending). */
function latestPerPerson(rows: VerdictView[]): VerdictView[] {
  const by = new Map<string, VerdictView>();
  for (const r of rows) by.set(r.reviewer_email, r);
  return [...by.values()].sort((a, b) => a.id - b.id);
}

/**
 * Signed off under the old two-step rule: at least one team member's "ok" and
 * no "changes" among the current verdicts. A visitor's verdict never counts.
 */
function isSignedOff(current: VerdictView[]): boolean {
  const people = current.filter((v) => !isVisitor(v));
  return people.some((v) => v.verdict === "ok") && !people.some((v) => v.verdict === "changes");
}

export async function verdictsForPost(task_id: number, activeVersion: number | null): Promise<{ current: VerdictView[]; earlier: VerdictView[] }> {
  await ensureMigrated();
  const rows = (await db().selectFrom("verdicts").selectAll().where("task_id", "=", task_id).orderBy("id", "asc").execute()).map(toView);
  const current = latestPerPerson(rows.filter((r) => r.version === activeVersion));
  const earlier = rows.filter((r) => r.version !== activeVersion).reverse();
  return { current, earlier };
}

/**
 * Row summaries for lists (queue, inbox) from the database alone, without an
 * upstream read per row: a list row does not carry the post's version, so a
 * row's summary is the latest round of verdicts, on the highest version
 * anyone has judged. The approve itself is always checked against the fresh
 * active version (policy.ts).
 */
export async function verdictSummaries(
  taskIds: readonly number[] | { campaign_ids?: readonly number[] },
): Promise<Map<number, VerdictSummary & { version: number }>> {
  const out = new Map<number, VerdictSummary & { version: number }>();
  if (Array.isArray(taskIds) && taskIds.length === 0) return out;
  await ensureMigrated();
  let q = db().selectFrom("verdicts").selectAll();
  if (Array.isArray(taskIds)) q = q.where("task_id", "in", [...(taskIds as readonly number[])]);
  else {
    const campaigns = (taskIds as { campaign_ids?: readonly number[] }).campaign_ids;
    if (campaigns) q = campaigns.length > 0 ? q.where("campaign_id", "in", [...campaigns]) : q.where("task_id", "=", -1);
  }
  // An "ok" whose author no longer stands (removed, demoted, role changed, revoked) is not counted here either.
  const rows = await withStanding((await q.orderBy("id", "asc").execute()).map(toView));
  for (const [task, { version, current }] of latestRounds(rows)) {
    const ok = current.filter((v) => v.verdict === "ok").length;
    const changes = current.filter((v) => v.verdict === "changes").length;
    out.set(task, { state: changes > 0 ? "changes" : ok > 0 ? "signed_off" : "none", ok, changes, by: current.map((v) => v.reviewer_name), version });
  }
  return out;
}

/** Each post's latest round (its highest judged version): each person's latest verdict there that still counts. */
function latestRounds(rows: readonly VerdictView[]): Map<number, { version: number; current: VerdictView[] }> {
  const byTask = new Map<number, VerdictView[]>();
  for (const r of rows) byTask.set(r.task_id, [...(byTask.get(r.task_id) ?? []), r]);
  const out = new Map<number, { version: number; current: VerdictView[] }>();
  for (const [task, list] of byTask) {
    const version = Math.max(...list.map((r) => r.version));
    out.set(task, { version, current: latestPerPerson(list.filter((r) => r.version === version)).filter(counts) });
  }
  return out;
}

/** The latest round of verdicts of each of these posts (database only), for the list rows' sign-off standing. */
export async function currentRounds(taskIds: readonly number[]): Promise<Map<number, { version: number; current: VerdictView[] }>> {
  if (taskIds.length === 0) return new Map();
  await ensureMigrated();
  const rows = await db().selectFrom("verdicts").selectAll().where("task_id", "in", [...taskIds]).orderBy("id", "asc").execute();
  return latestRounds(await withStanding(rows.map(toView)));
}

/** GET /api/posts/[id]/verdicts's answer (also the post page's server prefetch): the cached post read says the campaign and version. */
export async function postVerdicts(taskId: number, priority: Priority = "interactive"): Promise<PostVerdicts> {
  const facts = await postFacts(taskId, priority);
  const [policy, verdicts] = await Promise.all([getPolicy(facts.campaign_id), verdictsForPost(taskId, facts.active_version)]);
  // Whoever reads the page: the approver is not known here, so nobody's "ok" is left out (the approve check does that).
  const route = policy.signoff.length > 0 ? await routeForPost(taskId, policy.signoff, facts.active_version) : null;
  // Each "ok" says whether it still counts (its author's standing today), struck through on the page when not.
  const current = route ? route.current : await withStanding(verdicts.current);
  // With sign-off steps, "signed off" only when a step applied and passed: a version no step applies to
  // is not one a reviewer approved (the page would say so beside «no verdicts»).
  const standing = route ? signoffStanding(route) : { steps: 1, state: "not_needed" as const };
  return {
    active_version: facts.active_version,
    steps: policy.steps,
    signed_off: route ? standing.state === "signed_off" : isSignedOff(current.filter(counts)),
    standing,
    route: route?.states ?? [],
    current,
    earlier: verdicts.earlier,
  };
}
