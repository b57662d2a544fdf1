import "server-only";
import type { Kysely, Migration } from "kysely";
import { int, nowIsoDefault, serialKey } from "./portable";

// Bulk approve/reject jobs and their items (lib/server/bulk). Frozen once shipped, like 0001.
export const bulkJobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("bulk_jobs")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("campaign_id", int(db), (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("reason", "text")
      .addColumn("user_email", "text", (c) => c.notNull())
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
      .addColumn("started_at", "text")
      .addColumn("finished_at", "text")
      .execute();
    await db.schema.createIndex("bulk_jobs_status").on("bulk_jobs").columns(["status", "id"]).execute();
    await db.schema.createIndex("bulk_jobs_campaign").on("bulk_jobs").columns(["campaign_id", "id"]).execute();
    await db.schema
      .createTable("bulk_job_items")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("job_id", int(db), (c) => c.notNull().references("bulk_jobs.id").onDelete("cascade"))
      .addColumn("position", int(db), (c) => c.notNull())
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", int(db), (c) => c.notNull().defaultTo(0))
      .addColumn("result", "text")
      .addColumn("status_after", "text")
      .addColumn("message", "text")
      .addColumn("error_code", "text")
      .addColumn("audit_id", int(db))
      .addColumn("finished_at", "text")
      .addUniqueConstraint("bulk_job_items_job_task", ["job_id", "task_id"])
      .execute();
    await db.schema.createIndex("bulk_job_items_job").on("bulk_job_items").columns(["job_id", "status", "position"]).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("bulk_job_items").execute();
    await db.schema.dropTable("bulk_jobs").execute();
  },
};
