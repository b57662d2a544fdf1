import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";
import { spawnServer } from "./process";

export type PostgresServer = {
  /** postgres://app@127.0.0.1:PORT/postgres — add databases with `createDatabase`. */
  url: string;
  port: number;
  /** A new empty database on this server; returns its URL. */
  createDatabase: (name: string) => Promise<string>;
  stop: () => Promise<void>;
};

const BIN = ["/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"].find((d) => existsSync(`${d}/postgres`));

/**
 * A throwaway Postgres (Debian's postgresql) in a temporary directory on a free
 * port. Postgres refuses to run as root, so as root the directory is handed to
 * the `postgres` user and the server runs as it. Fails with why when missing.
 */
export async function startPostgres(): Promise<PostgresServer> {
  if (!BIN) throw new Error("postgresql is not installed (apt-get install -y postgresql; .ci/run does it)");
  const dir = mkdtempSync(path.join(tmpdir(), "pg-test-"));
  const data = path.join(dir, "data");
  // As root, the processes run as `postgres` themselves (not under runuser: on SIGTERM runuser
  // sleeps 2 s before it lets go, and every stop waited for it).
  const as: { uid?: number; gid?: number; cwd: string } = { cwd: dir };
  if (process.getuid?.() === 0) {
    as.uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    as.gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, as.uid, as.gid);
  }
  try {
    execFileSync(`${BIN}/initdb`, ["-D", data, "-A", "trust", "-U", "app", "--no-sync", "-E", "UTF8"], { stdio: "pipe", ...as });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const err = e as { stderr?: Buffer; message: string };
    throw new Error(`initdb failed: ${err.stderr?.toString() || err.message}`);
  }
  const port = await freePort();
  const url = `postgres://app@127.0.0.1:${port}/postgres`;
  const args = ["-D", data, "-p", String(port), "-k", dir, "-h", "127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];
  const ready = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 500 });
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  // SIGINT is Postgres's fast shutdown: it ends open sessions rather than waiting for them (SIGTERM would).
  const server = await spawnServer("postgres", `${BIN}/postgres`, args, ready, { timeoutMs: 30_000, stopSignal: "SIGINT", ...as });
  return {
    url,
    port,
    createDatabase: async (name) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://app@127.0.0.1:${port}/${name}`;
    },
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
