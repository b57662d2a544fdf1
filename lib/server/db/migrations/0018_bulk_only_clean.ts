import "server-only";
import type { Kysely, Migration } from "kysely";
import { int } from "./portable";

/*
 * "Approve all clean": a bulk job whose every item must still be
 * clean (no finding of the checks on the version active at its approve) when
 * the runner reaches it; 0 for every other job. Frozen once shipped.
 */
export const bulkOnlyClean: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("bulk_jobs").addColumn("only_clean", int(db), (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("bulk_jobs").dropColumn("only_clean").execute();
  },
};
