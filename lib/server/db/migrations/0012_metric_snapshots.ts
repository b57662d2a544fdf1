import type { Kysely, Migration } from "kysely";

/*
 * the local time series of engagement (issue 13, part 1).
 * Placeholder to be filled in by the work that owns it; frozen once shipped.
 */
export const metricSnapshots: Migration = {
  async up(_db: Kysely<unknown>) {},
  async down(_db: Kysely<unknown>) {},
};
