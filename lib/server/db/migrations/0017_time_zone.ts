import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * A person's own time zone, beside their other settings in notify_settings;
 * null means the team's (TEAM_TIME_ZONE). Frozen once shipped.
 */
export const timeZone: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("notify_settings").addColumn("time_zone", "text").execute();
  },
};
