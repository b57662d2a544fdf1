import "server-only";
import type { Kysely, Migration } from "kysely";
import { int } from "./portable";

/*
 * Decisions pinned to the version seen, and reasons with a category.
 * audit_log.version_seen: the version the person was looking at (null when an
 * API client did not say); version_number stays the version that was active
 * when the decision was taken, so a refused attempt (version_changed) keeps
 * both. audit_log.reason_category: a code of REJECT_CATEGORIES. Bulk jobs
 * carry the category of their one reason, and each item its pinned version.
 * Frozen once shipped, like 0001.
 */
export const pinnedDecisions: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable("audit_log").addColumn("version_seen", int(db)).execute();
    await db.schema.alterTable("audit_log").addColumn("reason_category", "text").execute();
    await db.schema.alterTable("bulk_jobs").addColumn("reason_category", "text").execute();
    await db.schema.alterTable("bulk_job_items").addColumn("version", int(db)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("bulk_job_items").dropColumn("version").execute();
    await db.schema.alterTable("bulk_jobs").dropColumn("reason_category").execute();
    await db.schema.alterTable("audit_log").dropColumn("reason_category").execute();
    await db.schema.alterTable("audit_log").dropColumn("version_seen").execute();
  },
};
