import "server-only";
import * as z from "zod";
import { PolicyBody, PolicyStep, POLICY_MAX_STEPS, type PolicyView } from "@/lib/schemas/collab";
import { ApiError, describeIssue, text, validationError, type ServerText } from "@/lib/server/errors";
import { listDashboardUsers } from "./users";

/** The parts of a step a person fills in, as the policy form names them. */
const FIELDS = ["members", "group", "role", "rule", "kind", "when", "need", "name", "who"] as const;
type Field = (typeof FIELDS)[number];

type Issue = z.core.$ZodIssue;

/** Inside a union (who: a role or a group), the branch that got furthest says what is wrong. */
function deepest(issue: Issue, prefix: readonly PropertyKey[] = []): { path: PropertyKey[]; issue: Issue } {
  const here = [...prefix, ...issue.path];
  let best: { path: PropertyKey[]; issue: Issue } | undefined;
  if (issue.code === "invalid_union") {
    for (const branch of issue.errors) for (const inner of branch) {
      const d = deepest(inner, here);
      if (!best || d.path.length > best.path.length) best = d;
    }
  }
  return best ?? { path: here, issue };
}

const Signoff = z.strictObject({ signoff: z.array(PolicyStep).max(POLICY_MAX_STEPS) });

/**
 * The policy a person saved, or a 400 that says which step and which part of it is wrong in
 * words («Шаг 2, участники группы: нужно хотя бы одно значение»), never the field's name in the API.
 */
export function parsePolicyBody(raw: unknown): PolicyBody {
  if (typeof raw !== "object" || raw === null || !("signoff" in raw)) {
    const parsed = PolicyBody.safeParse(raw, { reportInput: true });
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data;
  }
  const parsed = Signoff.safeParse(raw, { reportInput: true });
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  if (!first) throw new ApiError("validation_error", text("collab.policyInvalid"));
  const { path, issue } = deepest(first);
  const [head, index] = path;
  if (head !== "signoff") throw new ApiError("validation_error", text("collab.policyInvalid"));
  if (typeof index !== "number") {
    const detail: ServerText = issue.code === "too_big" ? text("collab.policyTooMany", { max: POLICY_MAX_STEPS }) : text("collab.policyNotList");
    throw new ApiError("validation_error", detail);
  }
  const field = [...path].reverse().find((p): p is Field => typeof p === "string" && (FIELDS as readonly string[]).includes(p));
  throw new ApiError(
    "validation_error",
    text("collab.policyStepInvalid", { step: index + 1, field: field ? text(`collab.policyField.${field}`) : text("collab.policyField.step"), detail: describeIssue(issue) }),
  );
}

/**
 * The policy with the group members nobody on the dashboard has the address of: saved all the
 * same (a person may be added later), never silently: the answer names them and the form says so.
 */
export async function withUnknownMembers(view: PolicyView): Promise<PolicyView> {
  const members = [...new Set(view.signoff.flatMap((s) => ("members" in s.who ? s.who.members : [])))];
  if (members.length === 0) return view;
  const known = new Set((await listDashboardUsers()).map((u) => u.email.toLowerCase()));
  const unknown = members.filter((m) => !known.has(m.toLowerCase()));
  return unknown.length > 0 ? { ...view, unknown_members: unknown } : view;
}
