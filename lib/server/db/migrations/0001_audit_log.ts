import "server-only";
import type { Kysely, Migration } from "kysely";
import { int, nowIsoDefault, serialKey } from "./portable";

// Migrations are frozen once shipped: typed against `unknown`, never against today's Database.
// Dialect-aware (./portable.ts): SQLite gets exactly the schema it always had, Postgres its equivalents.
export const auditLog: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("audit_log")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("user_email", "text", (c) => c.notNull())
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("campaign_id", int(db))
      .addColumn("version_number", int(db))
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("reason", "text")
      .addColumn("note", "text")
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("status_after", "text")
      .addColumn("result", "text")
      .addColumn("error_code", "text")
      .addColumn("http_status", int(db), (c) => c.notNull())
      .addColumn("duration_ms", int(db), (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
      .execute();
    await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();
    await db.schema.createIndex("audit_log_task").on("audit_log").columns(["task_id", "at"]).execute();
    await db.schema.createIndex("audit_log_campaign").on("audit_log").columns(["campaign_id", "at"]).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("audit_log").execute();
  },
};
