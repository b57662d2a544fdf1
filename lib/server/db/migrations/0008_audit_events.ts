import "server-only";
import type { Kysely, Migration } from "kysely";
import { int, serialKey } from "./portable";

/*
 * The audit trail of everything that is not an approve or reject: comments,
 * verdicts, approval policies, share links (created, used, revoked),
 * notification settings. Decisions stay in audit_log (0001); this table is the
 * rest, one row per action, with a kind and a small JSON detail.
 * Frozen once shipped, like 0001.
 */
export const auditEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("audit_events")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("actor_email", "text", (c) => c.notNull())
      .addColumn("actor_name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("task_id", int(db))
      .addColumn("campaign_id", int(db))
      .addColumn("subject_id", "text")
      .addColumn("detail", "text")
      .execute();
    await db.schema.createIndex("audit_events_at").on("audit_events").column("at").execute();
    await db.schema.createIndex("audit_events_task").on("audit_events").columns(["task_id", "at"]).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("audit_events").execute();
  },
};
