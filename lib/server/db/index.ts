import "server-only";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { env } from "@/lib/env";
import { log } from "@/lib/server/log";
import { kindOfUrl, type DatabaseKind } from "./dialect";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type { Database } from "./schema";
export { migrations } from "./migrations";
export { dialectOf, inWriteTransaction, type DatabaseKind } from "./dialect";

/** The file's identity when it was opened: a file deleted or replaced under us has another (or none). */
type FileId = { dev: number; ino: number };
type Common = { key: string; db: Kysely<Database>; ready?: Promise<void> };
type Handle =
  | (Common & { kind: "sqlite"; file: string; id: FileId | null; sqlite: SQLite.Database })
  | (Common & { kind: "postgres" });

declare module "./schema" {
  interface Database {
    health_probe: { id: number; at: string };
    audit_replayed: { key: string; audit_id: number; replayed_at: string };
  }
}

/*
 * Kept on globalThis: Next may evaluate this module once per route bundle (and
 * again on every dev reload), and one connection (SQLite) or one pool
 * (Postgres) per process is what we want.
 */
const g = globalThis as typeof globalThis & { __dashboardDb?: Handle };

/** SQLite for `file:…` (the embedded default), Postgres for `postgres://…`. */
export function databaseKind(url: string = env().DATABASE_URL): DatabaseKind {
  return kindOfUrl(url);
}

/** `file:./data/dashboard.db` → an absolute path (relative to the working directory); null for Postgres, which has no file. */
export function databaseFile(url: string = env().DATABASE_URL): string | null {
  if (kindOfUrl(url) === "postgres") return null;
  const raw = url.replace(/^file:/, "");
  return raw === ":memory:" ? raw : path.resolve(raw);
}

/*
 * pg returns bigint (and so count(*) and the bigint columns Postgres gets for
 * SQLite's 64-bit INTEGER) as strings. Ids and counts stay far below 2^53, so
 * this pool reads them as numbers, like better-sqlite3 does; set per pool, not
 * on pg's global table, so other users of pg in the process are unaffected.
 */
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary" ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** DATABASE_URL fit for a log line or a health answer: a Postgres password never leaves the process. */
export function databaseLabel(url: string = env().DATABASE_URL): string {
  if (kindOfUrl(url) === "sqlite") return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "postgres://(unparsable URL)";
  }
}

function connect(url: string): Handle {
  if (kindOfUrl(url) === "postgres") {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, types: pgTypes });
    // An idle client losing its server (restart, failover) is reported here; unhandled, it would end the process.
    pool.on("error", (e) => log.error("postgres connection lost", { error: e }));
    // A client checked out when its server goes away emits on itself, not on the pool: the query
    // in flight fails on its own, and this listener keeps the event from ending the process.
    pool.on("connect", (client) => client.on("error", (e) => log.warn("postgres connection lost during a query", { error: e.message })));
    return { kind: "postgres", key: url, db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) };
  }
  const file = databaseFile(url) as string;
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  return { kind: "sqlite", key: file, file, id: fileId(file), sqlite, db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }) };
}

function open(): Handle {
  const url = env().DATABASE_URL;
  const key = databaseFile(url) ?? url;
  if (g.__dashboardDb && g.__dashboardDb.key === key) return g.__dashboardDb;
  const handle = connect(url);
  g.__dashboardDb = handle;
  return handle;
}

/**
 * A connection of its own to a database (not the process's shared one): tests
 * and the bulk worker play a second instance with it. The caller destroys it.
 */
export function openDatabase(url: string): Kysely<Database> {
  return connect(url).db;
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
  // Postgres has no file to lose; its own failures show in the write probe.
  if (handle.kind !== "sqlite" || !handle.id) return null;
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
 * The health check's database test: the file is still the one opened (SQLite),
 * and a real write goes through, on either database (a `select 1` succeeds on
 * a read-only, full or deleted database, or a Postgres replica in recovery).
 * Logged loudly when it starts failing, once per reason.
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

/** The open better-sqlite3 handle: tests use it to play a read-only database (`PRAGMA query_only`). */
export function sqliteForTests(): SQLite.Database {
  const handle = open();
  if (handle.kind !== "sqlite") throw new Error("sqliteForTests: DATABASE_URL is not a SQLite file");
  return handle.sqlite;
}

/** Tests point DATABASE_URL at a temp file (or a fresh Postgres database) per file; this drops the old connection or pool. */
export async function closeDbForTests(): Promise<void> {
  const handle = g.__dashboardDb;
  g.__dashboardDb = undefined;
  if (handle) await handle.db.destroy();
}
