import type { Kysely, Migration } from "kysely";

/*
 * notification settings, in-app notifications and sent marks (issue 12, part 5).
 * Placeholder to be filled in by the work that owns it; frozen once shipped.
 */
export const notifications: Migration = {
  async up(_db: Kysely<unknown>) {},
  async down(_db: Kysely<unknown>) {},
};
