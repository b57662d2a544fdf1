import "server-only";
import { z } from "zod";
import { decide, DECISION_SOURCES, type DecisionAction } from "@/lib/server/decisions";
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
 * POST /api/posts/[id]/approve|reject: editor or admin, same-origin, JSON body.
 * Answers `{ data, audit_id }`, or the error envelope with `audit_id` when the
 * attempt reached the point of being recorded.
 */
export function decisionRoute(action: DecisionAction) {
  return withPermission(
    "decide",
    sameOrigin(async ({ req, params, session }) => {
      const taskId = parseId(params.id);
      const body: { note?: string; reason?: string; source: z.output<typeof source> } = await parseJsonBody(req, BODIES[action]);
      const outcome = await decide({ user: session, taskId, action, reason: body.reason, note: body.note, source: body.source });
      return outcome.ok
        ? json({ data: outcome.result, audit_id: outcome.auditId })
        : errorResponse(outcome.error, {}, { audit_id: outcome.auditId });
    }),
  );
}
