import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * Approval routed by risk and decisions whose outcome was unknown. Frozen once shipped.
 *
 * - campaign_policies.rules: the policy's sign-off steps as JSON (lib/server/collab/approval-policy.ts);
 *   null on rows written before, whose `steps` (1 or 2) still says what they meant.
 * - audit_log.settled_at: when a decision recorded as `outcome_unknown` was settled by a later re-read
 *   (done or not applied); `at` stays the time it was taken, so the row keeps both times.
 */
export const approvalPolicy: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable("campaign_policies").addColumn("rules", "text").execute();
    await db.schema.alterTable("audit_log").addColumn("settled_at", "text").execute();
    await db.schema.createIndex("audit_log_unsettled").on("audit_log").columns(["result", "settled_at"]).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("audit_log_unsettled").execute();
    await db.schema.alterTable("audit_log").dropColumn("settled_at").execute();
    await db.schema.alterTable("campaign_policies").dropColumn("rules").execute();
  },
};
