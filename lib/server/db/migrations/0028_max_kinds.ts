import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * Which cards a person wants in MAX (due-soon, mentions, change requests,
 * the daily digest), as telegram_links.kinds says for Telegram: JSON, null
 * until they choose (the layer's defaults). Frozen once shipped.
 */
export const maxKinds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("max_links").addColumn("kinds", "text").execute();
  },
};
