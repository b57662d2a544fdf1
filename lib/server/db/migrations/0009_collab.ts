import "server-only";
import type { Kysely, Migration } from "kysely";
import { int, serialKey } from "./portable";

/*
 * Comments, reviewer verdicts, approval policies and presence.
 * Frozen once shipped, like 0001.
 *
 * - comments: one row per comment; `version` is the post's active version when
 *   it was written (null when the post showed none), `share_link_id` marks a
 *   comment made through a share link (all a link's visitor may read).
 * - verdicts: every verdict given, kept (the audit trail needs them); the
 *   current ones are those on the post's active version, so a new version
 *   voids the earlier ones without rewriting anything.
 * - campaign_policies: a row only for campaigns whose policy was set; no row
 *   means one step (an editor's approve alone).
 * - presence: who has a post open, refreshed by heartbeats; a row older than
 *   the presence window counts as gone. In the database so that every
 *   instance sees the same viewers without Redis.
 */
export const collab: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("comments")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("campaign_id", int(db))
      .addColumn("version", int(db))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("author_email", "text", (c) => c.notNull())
      .addColumn("author_name", "text", (c) => c.notNull())
      .addColumn("author_role", "text", (c) => c.notNull())
      .addColumn("share_link_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("edited_at", "text")
      .execute();
    await db.schema.createIndex("comments_task").on("comments").columns(["task_id", "id"]).execute();

    await db.schema
      .createTable("verdicts")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("campaign_id", int(db))
      .addColumn("version", int(db), (c) => c.notNull())
      .addColumn("verdict", "text", (c) => c.notNull())
      .addColumn("note", "text")
      .addColumn("reviewer_email", "text", (c) => c.notNull())
      .addColumn("reviewer_name", "text", (c) => c.notNull())
      .addColumn("reviewer_role", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("verdicts_task").on("verdicts").columns(["task_id", "version", "id"]).execute();
    await db.schema.createIndex("verdicts_campaign").on("verdicts").columns(["campaign_id", "task_id"]).execute();

    await db.schema
      .createTable("campaign_policies")
      .addColumn("campaign_id", int(db), (c) => c.primaryKey())
      .addColumn("steps", int(db), (c) => c.notNull())
      .addColumn("set_by", "text", (c) => c.notNull())
      .addColumn("set_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("presence")
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("campaign_id", int(db))
      .addColumn("seen_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("presence_pk", ["task_id", "email"])
      .execute();
    await db.schema.createIndex("presence_campaign").on("presence").columns(["campaign_id", "seen_at"]).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("presence").execute();
    await db.schema.dropTable("campaign_policies").execute();
    await db.schema.dropTable("verdicts").execute();
    await db.schema.dropTable("comments").execute();
  },
};
