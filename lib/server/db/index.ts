import "server-only";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { env } from "@/lib/env";
import { log } from "@/lib/server/log";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type { Database } from "./schema";
export { migrations } from "./migrations";

/** The file's identity when it was opened: a file deleted or replaced under us has another (or none). */
type FileId = { dev: number; ino: number };
type Handle = { file: string; id: FileId | null; sqlite: SQLite.Database; db: Kysely<Database>; ready?: Promise<void> };

declare module "./schema" {
  interface Database {
    health_probe: { id: number; at: string };
    audit_replayed: { key: string; audit_id: number; replayed_at: string };
  }
}

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
  const handle: Handle = { file, id: fileId(file), sqlite, db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }) };
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

function fileId(file: string): FileId | null {
  if (file === ":memory:") return null;
  const st = statSync(file);
  return { dev: st.dev, ino: st.ino };
}

/**
 * Is the file at the configured path still the one we have open? SQLite goes
 * on writing into a deleted (or renamed-over) file without a word, and all of
 * it is gone at the next start. Returns why not, or null when it is.
 */
export function databaseFileProblem(): string | null {
  const handle = open();
  if (!handle.id) return null;
  let now: FileId;
  try {
    now = fileId(handle.file) as FileId;
  } catch {
    return `database file ${handle.file} was deleted while open`;
  }
  return now.dev === handle.id.dev && now.ino === handle.id.ino ? null : `database file ${handle.file} was replaced while open`;
}

export type DatabaseProbe = { ok: true } | { ok: false; reason: string };

let lastProbeFailure: string | null = null;

/**
 * The health check's database test: the file is still the one opened, and a
 * real write goes through (a `select 1` succeeds on a read-only, full or
 * deleted database). Logged loudly when it starts failing, once per reason.
 */
export async function probeDatabase(): Promise<DatabaseProbe> {
  let reason = databaseFileProblem();
  if (!reason) {
    try {
      const at = new Date().toISOString();
      await db()
        .insertInto("health_probe")
        .values({ id: 1, at })
        .onConflict((oc) => oc.column("id").doUpdateSet({ at }))
        .execute();
    } catch (e) {
      reason = `database not writable: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  if (reason && reason !== lastProbeFailure) log.error("DATABASE UNHEALTHY: decisions cannot be recorded safely", { reason });
  if (!reason && lastProbeFailure) log.info("database healthy again");
  lastProbeFailure = reason;
  return reason ? { ok: false, reason } : { ok: true };
}

/** The probe, as a yes or no. */
export async function pingDatabase(): Promise<boolean> {
  try {
    await ensureMigrated();
    return (await probeDatabase()).ok;
  } catch (e) {
    log.error("database ping failed", { error: e instanceof Error ? e : String(e) });
    return false;
  }
}

/** The open better-sqlite3 handle: tests use it to play a read-only database (`PRAGMA query_only`). */
export function sqliteForTests(): SQLite.Database {
  return open().sqlite;
}

/** Tests point DATABASE_URL at a temp file per file; this drops the old connection. */
export async function closeDbForTests(): Promise<void> {
  const handle = g.__dashboardDb;
  g.__dashboardDb = undefined;
  if (handle) await handle.db.destroy();
}
