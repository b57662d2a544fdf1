import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import type { Decision } from "./compute";

/** The home zone's offset (Europe/Moscow has no daylight saving): a range's days as instants. */
const HOME_OFFSET = "+03:00";

export function rangeBounds(range: { from: string; to: string }): { fromIso: string; toIso: string } {
  return {
    fromIso: new Date(`${range.from}T00:00:00${HOME_OFFSET}`).toISOString(),
    toIso: new Date(`${range.to}T23:59:59.999${HOME_OFFSET}`).toISOString(),
  };
}

/**
 * The decisions of the range (and campaign), oldest first: rows the upstream
 * took (HTTP 200, no error code). A refused attempt (version changed, 409,
 * budget, network) stays in the audit log but is no decision. `at` is ISO
 * in UTC, so text comparison is time order (schema.ts).
 */
export async function loadDecisions(range: { from: string; to: string }, campaignId: number | null): Promise<Decision[]> {
  await ensureMigrated();
  const { fromIso, toIso } = rangeBounds(range);
  let q = db()
    .selectFrom("audit_log")
    .select(["id", "at", "user_email", "user_name", "task_id", "campaign_id", "action", "reason_category"])
    .where("http_status", "=", 200)
    .where("error_code", "is", null)
    .where("at", ">=", fromIso)
    .where("at", "<=", toIso);
  if (campaignId !== null) q = q.where("campaign_id", "=", campaignId);
  const rows = await q.orderBy("at").orderBy("id").execute();
  // Postgres hands integers of some drivers back as text: the figures must be numbers either way.
  return rows.map((r) => ({ ...r, id: Number(r.id), task_id: Number(r.task_id), campaign_id: r.campaign_id === null ? null : Number(r.campaign_id) }));
}
