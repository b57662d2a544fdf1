import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { databaseHealth, resetHealthForTests } from "@/lib/server/route/health-check";
import { startPostgres, type PostgresServer } from "@/test/servers/postgres";
import { closeDbForTests, databaseLabel, ensureMigrated, probeDatabase } from "./index";
import { describeStoreContract } from "@/test/contracts/db-store";

// The database behaviour suite on a real Postgres (Debian's postgresql, started here on a free port): a database per block.

let server: PostgresServer | undefined;
let n = 0;

beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  server = await startPostgres();
}, 60_000);

afterAll(async () => {
  await closeDbForTests();
  await server?.stop();
});

const fresh = () => {
  if (!server) throw new Error("postgres did not start");
  return server.createDatabase(`store_${++n}`);
};

describeStoreContract("Postgres", { kind: "postgres", freshDatabase: fresh });

describe("Postgres: health", () => {
  it("names the database without its password", () => {
    expect(databaseLabel("postgres://app:s3cret@db.internal:5432/dash")).toBe("postgres://app:***@db.internal:5432/dash");
  });

  // Last: it stops the server.
  it("reports a server that went away as unhealthy, with why", async () => {
    process.env.DATABASE_URL = await fresh();
    resetEnvForTests();
    await closeDbForTests();
    await ensureMigrated();
    resetHealthForTests();
    expect(await databaseHealth()).toMatchObject({ ok: true, kind: "postgres", unrecordedDecisions: 0 });

    await server?.stop();
    server = undefined;
    const probe = await probeDatabase();
    expect(probe.ok).toBe(false);
    expect(!probe.ok && probe.reason).toMatch(/^database not writable: /);
    resetHealthForTests();
    expect(await databaseHealth()).toMatchObject({ ok: false, kind: "postgres", reason: expect.stringMatching(/database not writable/) });
  });
});
