import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * The page a person lands on after signing in, beside their other settings in
 * notify_settings; null means their role's (lib/auth/landing.ts). Frozen once shipped.
 */
export const landing: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("notify_settings").addColumn("landing", "text").execute();
  },
};
