import "server-only";
import type { Kysely, Migration } from "kysely";
import { int } from "./portable";

/*
 * Report share links (lib/server/reports/share.ts): read-only links to one
 * report (campaign or team, period, the creator's zone), expiring and
 * revocable; only the token's SHA-256 is kept (lib/server/share/token.ts).
 * Frozen once shipped.
 */
export const reportShares: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("report_shares")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull())
      .addColumn("campaign_id", int(db))
      .addColumn("period_from", "text", (c) => c.notNull())
      .addColumn("period_to", "text", (c) => c.notNull())
      .addColumn("time_zone", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("revoked_at", "text")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("report_shares").execute();
  },
};
