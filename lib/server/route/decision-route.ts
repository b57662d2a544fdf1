import "server-only";
import * as z from "zod";
import { env } from "@/lib/env";
import { decide, DECISION_SOURCES, NOT_RECORDED_MESSAGE, type DecideOutcome, type DecisionAction } from "@/lib/server/decisions";
import { errorResponse, say } from "@/lib/server/errors";
import { visibleText } from "@/lib/schemas/visible-text";
import { accessLostError, checkAccess } from "@/lib/server/access";
import { parseId, parseJsonBody } from "./input";
import { json } from "./respond";
import { sameOrigin } from "./same-origin";
import { withPermission } from "./with-session";

const source = z.enum(DECISION_SOURCES).default("single");
const text = z.string().trim().max(500);
/** The active version the person saw (PostVersion.version_number); optional for API clients. */
export const seenVersion = z.number().int().positive();

/**
 * A code of REJECT_CATEGORIES. Built when a body is parsed, from the validated
 * environment, so an unknown code is a 400 that lists the allowed ones.
 */
export function rejectCategory() {
  const [first, ...rest] = env().REJECT_CATEGORIES;
  return z.enum([first ?? "other", ...rest]);
}

/**
 * Approve: an optional note, `confirmed` once the person confirmed a text
 * over a platform's limit (else 409 confirmation_required), and for an admin an override of the checks'
 * blocking findings with its reason (the checks gate refuses it
 * from anyone else and audits it). Reject: a reason is required (1–500
 * characters), its category optional for API clients.
 */
const bodies = {
  approve: () =>
    z.object({ note: text.optional(), source, version: seenVersion.optional(), confirmed: z.boolean().optional(), override: z.strictObject({ reason: visibleText(500) }).optional() }),
  reject: () => z.object({ reason: visibleText(500), category: rejectCategory().optional(), source, version: seenVersion.optional() }),
} as const;

type Body = { note?: string; confirmed?: boolean; reason?: string; category?: string; source: z.output<typeof source>; version?: number; override?: { reason: string } };

/**
 * What goes beside `data` (or the error): the audit row's id, whether it was
 * recorded at all (false: only the fallback file has it; a decision taken then
 * carries a `warning` in the request's language), `previous_decision` `{ by, email, action,
 * at }` when someone else had decided the post before, and for a
 * `version_changed` refusal `seen_version` and `current_version`, and
 * `wrong_version` `{ signed, approved }` when the read-back after an approve
 * found the upstream approved another version than the one signed off.
 */
function extras(o: DecideOutcome): Record<string, unknown> {
  const recorded = o.auditRecorded !== false;
  return {
    audit_id: o.auditId,
    audit_recorded: recorded,
    // "Taken but not recorded" is said of a decision that was taken; a refusal took nothing.
    ...(recorded || !o.ok ? {} : { warning: say(NOT_RECORDED_MESSAGE) }),
    ...(o.previous ? { previous_decision: o.previous } : {}),
    ...(o.versions ? { seen_version: o.versions.seen, current_version: o.versions.current } : {}),
    // The approve landed on a version other than the one signed off (read back after it): «одобрена не та версия».
    ...(o.wrongVersion ? { wrong_version: { signed: o.wrongVersion.signed, approved: o.wrongVersion.approved } } : {}),
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
      const body: Body = await parseJsonBody(req, bodies[action]());
      // The one access check, as every other path asks it: the session's role is today's role in the users store.
      const standing = await checkAccess(session.email, { permission: "decide" });
      if (!standing.ok) throw accessLostError(standing.loss, session.name);
      const outcome = await decide({
        user: session,
        taskId,
        action,
        reason: body.reason,
        category: body.category,
        note: body.note,
        confirmed: body.confirmed,
        version: body.version,
        source: body.source,
        ...(body.override ? { override: body.override } : {}),
      });
      return outcome.ok ? json({ data: outcome.result, ...extras(outcome) }) : errorResponse(outcome.error, {}, extras(outcome));
    }),
  );
}
