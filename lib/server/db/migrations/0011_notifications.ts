import "server-only";
import type { Kysely, Migration } from "kysely";
import { int, serialKey } from "./portable";

/*
 * Notifications. Frozen once shipped.
 *
 * - notify_settings: a person's choices (channels per kind as JSON, due-within
 *   hours, mail language); no row means the defaults (in-app on, e-mail off, 2 h).
 * - notifications: the in-app list behind the bell; `read_at` null = unread.
 * - notify_sent: the once-only marks. The primary key (email, task_id, mark)
 *   makes "this person was told about this post at this threshold" a single
 *   insert that only one instance can win, on SQLite and Postgres alike.
 * - notify_digest: e-mail items waiting for (or already in) a digest.
 * - notify_digest_state: per person, when the last digest left and who holds
 *   the claim to send the next one (so two instances never both mail).
 */
export const notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("notify_settings")
      .addColumn("email", "text", (c) => c.primaryKey())
      .addColumn("channels", "text", (c) => c.notNull())
      .addColumn("due_hours", int(db), (c) => c.notNull())
      .addColumn("locale", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("notifications")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("campaign_id", int(db))
      .addColumn("actor_name", "text")
      .addColumn("detail", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("read_at", "text")
      .execute();
    await db.schema.createIndex("notifications_person").on("notifications").columns(["email", "created_at"]).execute();
    await db.schema.createIndex("notifications_unread").on("notifications").columns(["email", "read_at"]).execute();

    await db.schema
      .createTable("notify_sent")
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("mark", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("notify_sent_pk", ["email", "task_id", "mark"])
      .execute();

    await db.schema
      .createTable("notify_digest")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("campaign_id", int(db))
      .addColumn("actor_name", "text")
      .addColumn("detail", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("sent_at", "text")
      .execute();
    await db.schema.createIndex("notify_digest_pending").on("notify_digest").columns(["sent_at", "email"]).execute();

    await db.schema
      .createTable("notify_digest_state")
      .addColumn("email", "text", (c) => c.primaryKey())
      .addColumn("last_sent_at", "text")
      .addColumn("claim_until", "text")
      .addColumn("claim_owner", "text")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ["notify_digest_state", "notify_digest", "notify_sent", "notifications", "notify_settings"]) await db.schema.dropTable(t).execute();
  },
};
