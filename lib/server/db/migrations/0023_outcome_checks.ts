import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * How unknown outcomes are settled, and what an approve read back showed. Frozen once shipped.
 *
 * - audit_log.outcome_checks: re-reads the settler has made of an `outcome_unknown` decision (the next is due
 *   at `at` + the schedule's step for it), so a restart resumes the schedule instead of starting it over.
 * - audit_log.outcome_resent_at: when an approve whose answer was lost was sent again to learn its outcome
 *   (approve is idempotent upstream; a reject is never re-sent).
 * - audit_log.approved_version: the active version a read-back after an approve (under a pin or a policy)
 *   found approved; a value other than version_number means the upstream approved a version nobody signed.
 */
export const outcomeChecks: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable("audit_log").addColumn("outcome_checks", "integer", (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable("audit_log").addColumn("outcome_resent_at", "text").execute();
    await db.schema.alterTable("audit_log").addColumn("approved_version", "integer").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("audit_log").dropColumn("approved_version").execute();
    await db.schema.alterTable("audit_log").dropColumn("outcome_resent_at").execute();
    await db.schema.alterTable("audit_log").dropColumn("outcome_checks").execute();
  },
};
