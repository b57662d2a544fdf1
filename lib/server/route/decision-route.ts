import "server-only";
import * as z from "zod";
import { decide, DECISION_SOURCES, NOT_RECORDED_MESSAGE, type DecideOutcome, type DecisionAction } from "@/lib/server/decisions";
import { errorResponse } from "@/lib/server/errors";
import { parseId, parseJsonBody } from "./input";
import { json } from "./respond";
import { sameOrigin } from "./same-origin";
import { withPermission } from "./with-session";

const source = z.enum(DECISION_SOURCES).default("single");
const text = z.string().trim().max(500);

/** Approve: an optional note. Reject: a reason is required (1–500 characters). */
const BODIES = {
  approve: z.object({ note: text.optional(), source }),
  reject: z.object({ reason: text.min(1), source }),
} as const;

/**
 * What goes beside `data` (or the error): the audit row's id, whether it was
 * recorded at all (false: the decision stands but only the fallback file has
 * it, with a Russian `warning`), and `previous_decision` `{ by, email, action,
 * at }` when someone else had decided the post before.
 */
function extras(o: DecideOutcome): Record<string, unknown> {
  const recorded = o.auditRecorded !== false;
  return {
    audit_id: o.auditId,
    audit_recorded: recorded,
    ...(recorded ? {} : { warning: NOT_RECORDED_MESSAGE }),
    ...(o.previous ? { previous_decision: o.previous } : {}),
  };
}

/**
 * POST /api/posts/[id]/approve|reject: editor or admin, same-origin, JSON body.
 * Answers `{ data, audit_id, audit_recorded, … }`, or the error envelope with
 * the same extras: a decision is reported as what happened, recorded or not.
 */
export function decisionRoute(action: DecisionAction) {
  return withPermission(
    "decide",
    sameOrigin(async ({ req, params, session }) => {
      const taskId = parseId(params.id);
      const body: { note?: string; reason?: string; source: z.output<typeof source> } = await parseJsonBody(req, BODIES[action]);
      const outcome = await decide({ user: session, taskId, action, reason: body.reason, note: body.note, source: body.source });
      return outcome.ok ? json({ data: outcome.result, ...extras(outcome) }) : errorResponse(outcome.error, {}, extras(outcome));
    }),
  );
}
