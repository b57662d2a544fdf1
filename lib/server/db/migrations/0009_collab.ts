import type { Kysely, Migration } from "kysely";

/*
 * comments, reviewer verdicts and approval policies (issue 12, part 1).
 * Placeholder to be filled in by the work that owns it; frozen once shipped.
 */
export const collab: Migration = {
  async up(_db: Kysely<unknown>) {},
  async down(_db: Kysely<unknown>) {},
};
