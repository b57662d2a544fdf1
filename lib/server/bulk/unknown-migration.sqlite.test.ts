import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations, openDatabase } from "@/lib/server/db";
import { getJob } from "./store";
import "./tables";

// Migration 0034 on a database written before it: an item still waiting for the settler becomes
// `unknown`; a real failure, and one the settler already found not applied, stay failed.
describe("migration 0034 (bulk items of unknown outcome)", () => {
  it("moves only the items still waiting for the settler to `unknown`", async () => {
    const db = openDatabase(":memory:");
    const before = Object.fromEntries(Object.entries(migrations).filter(([k]) => k < "0034"));
    expect((await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();
    const job = await db
      .insertInto("bulk_jobs")
      .values({ campaign_id: 1, action: "approve", reason: null, user_email: "e@example.com", user_name: "E", role: "editor", status: "done", started_at: null, finished_at: "2026-11-29T10:00:00Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const item = (task_id: number, status: "ok" | "failed", error_code: string | null) =>
      ({ job_id: job.id, position: task_id, task_id, status, result: null, status_after: null, message: null, error_code, audit_id: task_id, finished_at: null }) as const;
    await db
      .insertInto("bulk_job_items")
      .values([item(1, "ok", null), item(2, "failed", "outcome_unknown"), item(3, "failed", "not_pending"), item(4, "failed", "not_applied")])
      .execute();
    expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
    const detail = await getJob(db, job.id);
    expect(detail?.items.map((i) => [i.task_id, i.status])).toEqual([
      [1, "ok"],
      [2, "unknown"],
      [3, "failed"],
      [4, "failed"],
    ]);
    expect(detail?.job).toMatchObject({ total: 4, ok: 1, failed: 2, unknown: 1 });
    await db.destroy();
  });
});
