import "server-only";
import { sql, type Kysely } from "kysely";

/** The two databases the dashboard runs on: SQLite (embedded default) and Postgres (several instances). */
export type DatabaseKind = "sqlite" | "postgres";

/** `postgres://…` or `postgresql://…` is Postgres; anything else lib/env.ts accepts (`file:…`) is SQLite. */
export function kindOfUrl(url: string): DatabaseKind {
  return /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";
}

/**
 * Which database a Kysely instance (or transaction) talks to, told by how it
 * writes a parameter: `$1` on Postgres, `?` on SQLite. Public API only, and
 * right in every route bundle: an `instanceof PostgresAdapter` would miss when
 * the handle (kept on globalThis) was built by another bundle's copy of kysely.
 */
export function dialectOf<DB>(db: Kysely<DB>): DatabaseKind {
  return sql`select ${0}`.compile(db).sql.includes("$1") ? "postgres" : "sqlite";
}

/**
 * One transaction that holds the write lock from its first statement, for a
 * read-then-claim that two processes must not both pass. Postgres: an ordinary
 * transaction (the caller locks its rows FOR UPDATE; `postgres` says so).
 * SQLite: BEGIN IMMEDIATE takes the file's write lock before the first read; in
 * one process the connection is shared and Kysely's connection() keeps other
 * queries out meanwhile.
 */
export async function inWriteTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Kysely<DB>, postgres: boolean) => Promise<T>): Promise<T> {
  if (dialectOf(db) === "postgres") return db.transaction().execute((trx) => fn(trx, true));
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const out = await fn(conn, false);
      await sql`commit`.execute(conn);
      return out;
    } catch (e) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw e;
    }
  });
}
