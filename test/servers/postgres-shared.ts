import { request } from "node:http";
import { inject } from "vitest";
import { startPostgres, type PostgresServer } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's Postgres broker (test/servers/postgres-global.ts); absent outside the integration project. */
    postgresBroker?: string;
  }
}

export type PostgresDatabase = {
  /** postgres://app@127.0.0.1:PORT/<prefix>_<n>: an empty database nobody else uses. */
  url: string;
  /** Lets go of it: stops the file's own server when there was no shared one, else nothing (the run stops that). */
  release: () => Promise<void>;
};

function ask(broker: string, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${broker}/database?prefix=${encodeURIComponent(prefix)}`, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => (res.statusCode === 200 ? resolve(body) : reject(new Error(body || `postgres broker answered ${res.statusCode}`))));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * A new empty database on the run's one Postgres (started once per Vitest run by the integration
 * project's globalSetup), or, outside it, on a server started for this caller. For tests that need a
 * database, not a server: a test that stops or kills its Postgres starts its own (test/servers/postgres.ts).
 * A machine without postgres fails the caller with the reason.
 */
export async function postgresDatabase(prefix: string): Promise<PostgresDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`bad database prefix ${prefix}`);
  const broker = inject("postgresBroker");
  if (broker) return { url: await ask(broker, prefix), release: async () => undefined };
  // Outside the integration project: one server for this process, stopped when its last database is let go.
  own ??= startPostgres();
  const server = await own;
  users++;
  let released = false;
  return {
    url: await server.createDatabase(`${prefix}_${++created}`),
    release: async () => {
      if (released) return;
      released = true;
      if (--users > 0) return;
      own = undefined;
      await server.stop();
    },
  };
}

let own: Promise<PostgresServer> | undefined;
let users = 0;
let created = 0;
