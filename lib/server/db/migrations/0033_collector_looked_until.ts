import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * metric_collector_items.looked_until: until when a person is taken to be waiting for an item (a
 * page showing its trend or its post without data looked at it last this long ago). The scheduler's
 * reads beyond its pace, in people's lane, go only to items someone waits for now, not to every item
 * a page once waited for. Frozen once shipped.
 */
export const collectorLookedUntil: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("metric_collector_items").addColumn("looked_until", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("metric_collector_items").dropColumn("looked_until").execute();
  },
};
