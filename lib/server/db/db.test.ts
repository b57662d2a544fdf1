import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, db, ensureMigrated, migrateToLatest, migrations, pingDatabase } from "./index";

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "dashboard-db-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "a", "b", "dash.db")}`;
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  resetEnvForTests();
  await closeDbForTests();
});

afterAll(async () => {
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

describe("the dashboard database", () => {
  it("creates its folder, uses WAL and applies every migration once", async () => {
    await ensureMigrated();
    expect(existsSync(path.join(dir, "a", "b", "dash.db"))).toBe(true);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db());
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db());
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    await migrateToLatest(); // a second start is a no-op
    expect(await pingDatabase()).toBe(true);
  });

  it("keeps migration names in application order", () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe("0001_audit_log");
  });

  it("stores audit rows with a default created_at", async () => {
    await ensureMigrated();
    const row = await db()
      .insertInto("audit_log")
      .values({
        at: new Date().toISOString(), user_email: "a@b.c", user_name: "A", role: "editor", task_id: 1, campaign_id: 2,
        version_number: 3, action: "approve", reason: null, note: null, source: "single", status_after: "APPROVED",
        result: "approved_now", error_code: null, http_status: 200, duration_ms: 5,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(0);
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
