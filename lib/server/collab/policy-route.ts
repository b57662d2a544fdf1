import "server-only";
import type { PolicyStep, SignoffStanding, StepState, VerdictView } from "@/lib/schemas/collab";

/**
 * Where a post's version stands on its campaign's sign-off steps: pure, so
 * the approve check, the post page and the tests read the same rules.
 *
 * - People, not links, sign off: a share-link visitor's verdict never counts.
 * - Not the same person: the approver's own "ok" does not count (for a
 *   visitor's approve, the approver is the link's creator).
 * - Only the people a step names: its role, or its group's members.
 * - Anyone's current "changes" holds every step until a new verdict or version.
 */

/** Who is approving, for the "not the same person" rule; lower-case email. */
export type Approver = { email: string };

/** What the checks say about the version: null when not known (conditional steps then apply). */
export type FindingFacts = { warnings: boolean; rules: string[] } | null;

export type RouteInput = {
  signoff: PolicyStep[];
  /** Each person's latest verdict on the active version. */
  current: VerdictView[];
  findings: FindingFacts;
  /** Lower-case emails by role, for steps that need all of a role. */
  people: Map<string, string[]>;
  approver?: Approver;
};

export const isVisitor = (v: Pick<VerdictView, "reviewer_email" | "reviewer_role">) =>
  v.reviewer_role === "external" || v.reviewer_email.startsWith("external:");

function applies(step: PolicyStep, findings: FindingFacts): boolean {
  if (step.when.kind === "always" || findings === null) return true;
  return step.when.kind === "warnings" ? findings.warnings || findings.rules.length > 0 : findings.rules.includes(step.when.rule);
}

function named(step: PolicyStep, v: VerdictView): boolean {
  return "role" in step.who ? v.reviewer_role === step.who.role : step.who.members.includes(v.reviewer_email.toLowerCase());
}

/** Does any step name this person (its role, or its group's members)? */
export function namedByAny(signoff: readonly PolicyStep[], v: VerdictView): boolean {
  return signoff.some((step) => named(step, v));
}

export function evaluateRoute({ signoff, current, findings, people, approver }: RouteInput): { states: StepState[]; changes: boolean; signedOff: boolean } {
  const self = approver?.email.toLowerCase();
  const people_ = current.filter((v) => !isVisitor(v));
  const changes = people_.some((v) => v.verdict === "changes");
  const oks = people_.filter((v) => v.verdict === "ok" && v.reviewer_email.toLowerCase() !== self);
  const states = signoff.map((step, index): StepState => {
    const counted = oks.filter((v) => named(step, v));
    const by = counted.map((v) => v.reviewer_name);
    const on = applies(step, findings);
    if (step.need === "any") return { index, step, applies: on, passed: counted.length > 0, by, waiting_for: [] };
    const required = ("role" in step.who ? (people.get(step.who.role) ?? []) : step.who.members).filter((e) => e !== self);
    const okEmails = new Set(counted.map((v) => v.reviewer_email.toLowerCase()));
    const waiting_for = required.filter((e) => !okEmails.has(e));
    return { index, step, applies: on, passed: required.length > 0 && waiting_for.length === 0, by, waiting_for };
  });
  return { states, changes, signedOff: !changes && states.every((s) => !s.applies || s.passed) };
}

/**
 * The one reading of a route that the queue row and the post page both show: how many steps
 * apply to this version (the editor's approve counted) and where it stands. A conditional step
 * that does not apply is not a step, and nobody has signed off a version no step applies to.
 */
export function signoffStanding(route: { states: readonly StepState[]; changes: boolean }): SignoffStanding {
  const applicable = route.states.filter((s) => s.applies);
  const steps = 1 + applicable.length;
  // Anyone's "changes" holds the approve whatever applies (as the approve check does).
  if (route.changes) return { steps, state: "changes" };
  if (applicable.length === 0) return { steps, state: "not_needed" };
  return { steps, state: applicable.every((s) => s.passed) ? "signed_off" : "awaiting" };
}
