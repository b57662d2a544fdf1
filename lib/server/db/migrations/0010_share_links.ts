import "server-only";
import type { Kysely, Migration } from "kysely";
import { int } from "./portable";

/*
 * Share links for people without an account. A link names
 * one post (task_id) or one campaign's waiting posts (campaign_id), never
 * both. Only the SHA-256 of its token is stored, so a copy of the database
 * opens nothing; `id` is the link's public handle (it is the token's first
 * part, used to find the row before comparing hashes in constant time).
 * `can_decide` is 0/1 on both databases. audit_log.share_link_id: the link a
 * decision came through (null for the dashboard's own people).
 * Frozen once shipped, like 0001.
 */
export const shareLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("share_links")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("task_id", int(db))
      .addColumn("campaign_id", int(db))
      .addColumn("can_decide", int(db), (c) => c.notNull())
      .addColumn("created_by_email", "text", (c) => c.notNull())
      .addColumn("created_by_name", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("revoked_at", "text")
      .addColumn("revoked_by", "text")
      .execute();
    await db.schema.createIndex("share_links_task").on("share_links").columns(["task_id", "created_at"]).execute();
    await db.schema.createIndex("share_links_campaign").on("share_links").columns(["campaign_id", "created_at"]).execute();
    await db.schema.alterTable("audit_log").addColumn("share_link_id", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("audit_log").dropColumn("share_link_id").execute();
    await db.schema.dropTable("share_links").execute();
  },
};
