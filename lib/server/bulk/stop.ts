import "server-only";
import type { Kysely } from "kysely";
import type { AccessLoss } from "@/lib/server/access";
import { recordAuditEvent } from "@/lib/server/audit-events";
import type { Database } from "@/lib/server/db";
import type { DecideOutcome } from "@/lib/server/decisions";
import { say, text } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { finishItem } from "./claims";
import type { BulkJobItemRow, BulkJobRow } from "./tables";

/** Error code of the items a job left undecided because its author lost the right: `author_<loss>`. */
export const AUTHOR_LOST = { removed: "author_removed", demoted: "author_demoted", revoked: "author_revoked", role_changed: "author_role_changed" } as const;
export type StopLoss = keyof typeof AUTHOR_LOST;
const LOSS_OF_CODE = new Map<string, StopLoss>(Object.entries(AUTHOR_LOST).map(([loss, code]) => [code, loss as StopLoss]));

/** Why a job stopped, read back from its items' error code; null when it did not. */
export function stopLossOf(errorCode: string | null): StopLoss | null {
  return (errorCode && LOSS_OF_CODE.get(errorCode)) || null;
}

/**
 * Stops a job whose author may no longer decide: the claimed item (unless a
 * re-check found an earlier call of it applied) and every item still pending
 * fail with `author_<loss>`, so nothing more of it is sent, by this runner
 * or any other; the audit says who, why and how many were left. An item
 * another runner is calling right now finishes as that call ends.
 */
export async function stopJobForAccess(
  db: Kysely<Database>,
  s: { job: BulkJobRow; item: BulkJobItemRow; owner: string; loss: Exclude<AccessLoss, "unknown">; recovered: DecideOutcome | null },
): Promise<void> {
  const { job, item, owner, loss, recovered } = s;
  const code = AUTHOR_LOST[loss];
  const message = say(text("access.bulkStopped", { why: text(`access.${loss}`, { who: job.user_name }) }));
  if (recovered?.ok) {
    const r = recovered.result;
    await finishItem(db, item.id, owner, { ok: true, result: String(r.result), statusAfter: String(r.status), message: r.message, errorCode: null, auditId: recovered.auditId });
  } else {
    await finishItem(db, item.id, owner, { ok: false, result: null, statusAfter: null, message, errorCode: code, auditId: null });
  }
  const left = await db
    .updateTable("bulk_job_items")
    .set({ status: "failed", error_code: code, message, finished_at: new Date().toISOString(), lease_until: null })
    .where("job_id", "=", job.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  const notDecided = Number(left.numUpdatedRows) + (recovered?.ok ? 0 : 1);
  log.warn("bulk job stopped: its author may no longer decide", { jobId: job.id, author: job.user_email, loss, notDecided });
  await recordAuditEvent({
    actor: { email: job.user_email, name: job.user_name, role: job.role },
    kind: "bulk.stopped",
    campaign_id: job.campaign_id,
    subject_id: job.id,
    detail: { why: loss, not_decided: notDecided, action: job.action },
  }).catch((e: unknown) => log.error("bulk.stopped event not recorded", { jobId: job.id, error: e instanceof Error ? e : String(e) }));
}
