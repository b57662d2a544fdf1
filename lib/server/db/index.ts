import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { env } from "@/lib/env";
import { log } from "@/lib/server/log";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type { Database } from "./schema";
export { migrations } from "./migrations";

type Handle = { file: string; sqlite: SQLite.Database; db: Kysely<Database>; ready?: Promise<void> };

/*
 * Kept on globalThis: Next may evaluate this module once per route bundle (and
 * again on every dev reload), and one connection per process is what we want.
 */
const g = globalThis as typeof globalThis & { __dashboardDb?: Handle };

/** `file:./data/dashboard.db` → an absolute path (relative to the working directory). */
export function databaseFile(url: string = env().DATABASE_URL): string {
  const raw = url.replace(/^file:/, "");
  return raw === ":memory:" ? raw : path.resolve(raw);
}

function open(): Handle {
  const file = databaseFile();
  if (g.__dashboardDb && g.__dashboardDb.file === file) return g.__dashboardDb;
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const handle: Handle = { file, sqlite, db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }) };
  g.__dashboardDb = handle;
  return handle;
}

/** The Kysely instance. Call `ensureMigrated()` (or `migrateToLatest()`) before the first query. */
export function db(): Kysely<Database> {
  return open().db;
}

/** Applies pending migrations; throws (naming the migration) when one fails. */
export async function migrateToLatest(): Promise<void> {
  const { db: kysely } = open();
  const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Success") log.info("migration applied", { migration: r.migrationName });
    if (r.status === "Error") log.error("migration failed", { migration: r.migrationName });
  }
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
}

/** Migrates once per process; every database user awaits this first. */
export function ensureMigrated(): Promise<void> {
  const handle = open();
  handle.ready ??= migrateToLatest().catch((e: unknown) => {
    handle.ready = undefined; // let the next request try again
    throw e;
  });
  return handle.ready;
}

/** `select 1`, for the health route. */
export async function pingDatabase(): Promise<boolean> {
  try {
    await sql`select 1`.execute(db());
    return true;
  } catch (e) {
    log.error("database ping failed", { error: e instanceof Error ? e : String(e) });
    return false;
  }
}

/** Tests point DATABASE_URL at a temp file per file; this drops the old connection. */
export async function closeDbForTests(): Promise<void> {
  const handle = g.__dashboardDb;
  g.__dashboardDb = undefined;
  if (handle) await handle.db.destroy();
}
