import "server-only";
import { sql, type Kysely, type Migration } from "kysely";

/*
 * Bulk items whose write's outcome is unknown get their own status, `unknown`, instead of
 * `failed` (lib/server/bulk/claims.ts finishedStatus): the write may have landed. The column is
 * text with no check, so only the rows already written change: an item still waiting for the
 * settler (failed with error_code outcome_unknown; a settled one carries not_applied or none).
 * Frozen once shipped.
 */
export const bulkUnknown: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update bulk_job_items set status = 'unknown' where status = 'failed' and error_code = 'outcome_unknown'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`update bulk_job_items set status = 'failed' where status = 'unknown'`.execute(db);
  },
};
