import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { shiftDay } from "@/lib/analytics/dates";
import { DEFAULT_TIME_ZONE, startOfDay } from "@/lib/time/zone";
import type { Decision } from "./compute";

/** A range's days, in the reader's zone, as instants (UTC ISO, as the audit log keeps them). */
export function rangeBounds(range: { from: string; to: string }, timeZone = DEFAULT_TIME_ZONE): { fromIso: string; toIso: string } {
  return {
    fromIso: startOfDay(range.from, timeZone).toISOString(),
    toIso: new Date(startOfDay(shiftDay(range.to, 1), timeZone).getTime() - 1).toISOString(),
  };
}

/**
 * The decisions of the range (and campaign), oldest first: rows the upstream
 * took (HTTP 200, no error code). A refused attempt (version changed, 409,
 * budget, network) stays in the audit log but is no decision. `at` is ISO
 * in UTC, so text comparison is time order (schema.ts).
 */
export async function loadDecisions(range: { from: string; to: string }, campaignId: number | readonly number[] | null, timeZone = DEFAULT_TIME_ZONE): Promise<Decision[]> {
  await ensureMigrated();
  const { fromIso, toIso } = rangeBounds(range, timeZone);
  let q = db()
    .selectFrom("audit_log")
    .select(["id", "at", "user_email", "user_name", "task_id", "campaign_id", "action", "reason_category"])
    .where("http_status", "=", 200)
    .where("error_code", "is", null)
    .where("at", ">=", fromIso)
    .where("at", "<=", toIso);
  // A list: a project's campaigns (the reports).
  if (typeof campaignId === "number") q = q.where("campaign_id", "=", campaignId);
  else if (campaignId !== null) q = q.where("campaign_id", "in", campaignId.length ? campaignId : [-1]);
  const rows = await q.orderBy("at").orderBy("id").execute();
  // Postgres hands integers of some drivers back as text: the figures must be numbers either way.
  return rows.map((r) => ({ ...r, id: Number(r.id), task_id: Number(r.task_id), campaign_id: r.campaign_id === null ? null : Number(r.campaign_id) }));
}
