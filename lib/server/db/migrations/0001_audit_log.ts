import { sql, type Kysely, type Migration } from "kysely";

// Migrations are frozen once shipped: typed against `unknown`, never against today's Database.
export const auditLog: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("audit_log")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("user_email", "text", (c) => c.notNull())
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("task_id", "integer", (c) => c.notNull())
      .addColumn("campaign_id", "integer")
      .addColumn("version_number", "integer")
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("reason", "text")
      .addColumn("note", "text")
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("status_after", "text")
      .addColumn("result", "text")
      .addColumn("error_code", "text")
      .addColumn("http_status", "integer", (c) => c.notNull())
      .addColumn("duration_ms", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`))
      .execute();
    await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();
    await db.schema.createIndex("audit_log_task").on("audit_log").columns(["task_id", "at"]).execute();
    await db.schema.createIndex("audit_log_campaign").on("audit_log").columns(["campaign_id", "at"]).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("audit_log").execute();
  },
};
