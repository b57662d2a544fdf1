import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import { closeDbForTests } from "@/lib/server/db";
import { closeRedisForTests, redis } from "@/lib/server/redis";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { buildAuthOptions } from "@/lib/server/auth/options";
import { AuthDriver } from "@/test/support/auth-driver";

// Sign-in through next-auth with REDIS_URL set, as production mode runs it: the throttle comes from the env.

let server: RedisServer;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sign-in-redis-"));
  await writeFile(join(dir, "users.json"), JSON.stringify([{ email: "admin@corp.example", name: "Админ", role: "admin", passwordHash: await bcrypt.hash("s3cret-pass", 4) }]));
  server = await startRedis();
  for (const key of ["DEMO", "OIDC_ISSUER"]) delete process.env[key];
  Object.assign(process.env, {
    UPSTREAM_API_KEY: "k",
    NEXTAUTH_SECRET: "test-secret-test-secret-test-secret",
    NEXTAUTH_URL: "http://localhost:3000",
    AUTH_USERS_FILE: join(dir, "users.json"),
    DATABASE_URL: `file:${join(dir, "dash.db")}`,
    REDIS_URL: server.url,
    REDIS_PREFIX: `sign-in-test-${process.pid}:`,
    LOG_LEVEL: "silent",
  });
  resetEnvForTests();
});
afterAll(async () => {
  await closeRedisForTests();
  await closeDbForTests();
  await server?.stop();
  delete process.env.REDIS_URL;
  delete process.env.REDIS_PREFIX;
  resetEnvForTests();
  await rm(dir, { recursive: true, force: true });
});

describe("credentials sign-in with REDIS_URL", () => {
  it("shares the throttle between instances, and refuses sign-in as unavailable while Redis is down", async () => {
    // Two instances: auth options of their own, each picking its throttle from the env.
    const a = new AuthDriver(buildAuthOptions(env()));
    const b = new AuthDriver(buildAuthOptions(env()));
    expect(AuthDriver.errorOf(await a.signInWithPassword("admin@corp.example", "wrong"))).toBe("CredentialsSignin");
    // Kept in Redis (not in this process), where every instance sees it.
    expect(await redis().keys(`${env().REDIS_PREFIX}throttle:pair-failures:*`)).toHaveLength(1);
    // The failure on A makes B's next try from the same address wait, too.
    expect(AuthDriver.errorOf(await b.signInWithPassword("admin@corp.example", "s3cret-pass"))).toBe("locked:1");

    await server.stop();
    // Not let through on a throttle of B's own: refused, and the login page says sign-in is unavailable.
    expect(AuthDriver.errorOf(await b.signInWithPassword("admin@corp.example", "s3cret-pass"))).toBe("unavailable");
    expect(b.jar.has("next-auth.session-token")).toBe(false);
  });
});
