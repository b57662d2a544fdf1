import type { Kysely, Migration } from "kysely";

/*
 * share links for people without an account (issue 12, part 3).
 * Placeholder to be filled in by the work that owns it; frozen once shipped.
 */
export const shareLinks: Migration = {
  async up(_db: Kysely<unknown>) {},
  async down(_db: Kysely<unknown>) {},
};
