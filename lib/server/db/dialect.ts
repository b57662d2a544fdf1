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
