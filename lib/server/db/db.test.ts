import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, databaseKind, db, ensureMigrated, migrations, probeDatabase } from "./index";
import frozenSchema from "./sqlite-schema-0004.json";

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

// What only the embedded SQLite file does; the behaviour both databases share is in store-contract.ts.
describe("the dashboard database (SQLite file)", () => {
  it("creates its folder and uses WAL", async () => {
    await ensureMigrated();
    expect(databaseKind()).toBe("sqlite");
    expect(existsSync(path.join(dir, "a", "b", "dash.db"))).toBe(true);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db());
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    expect(await probeDatabase()).toEqual({ ok: true });
  });

  it("keeps migration names in application order", () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe("0001_audit_log");
  });

  it("builds, through 0004, exactly the SQLite schema it built before Postgres was supported", async () => {
    // The shipped migrations became dialect-aware; a file made by an older version must look like a new one.
    const sqlite = new SQLite(path.join(dir, "frozen.db"));
    const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    const upTo0004 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= "0004_health_probe"));
    const { error } = await new Migrator({ db: kysely, provider: { getMigrations: async () => upTo0004 } }).migrateToLatest();
    expect(error).toBeUndefined();
    const rows = sqlite.prepare("select name, sql from sqlite_master where sql is not null and name not like 'kysely_%' order by name").all() as { name: string; sql: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.name, r.sql]))).toEqual(frozenSchema);
    await kysely.destroy();
  });
});
