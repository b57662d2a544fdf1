import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { ApiError } from "@/lib/server/errors";
import { closeRedisForTests } from "@/lib/server/redis";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { limitShareRequest, setShareLimitsForTests, shareClientAddress } from "./rate-limit";
import { newToken } from "./token";

/*
 * The share routes' limits in both stores: this process's memory, and Redis
 * (production mode), where every instance counts against the same numbers
 * and an unreachable Redis refuses rather than counts alone.
 */
const from = (address: string) => ({ headers: new Headers({ "x-forwarded-for": address }) });

async function refusal(p: Promise<void>): Promise<ApiError | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
}

function baseEnv(extra: Record<string, string | undefined>): void {
  Object.assign(process.env, { UPSTREAM_API_KEY: "k", NEXTAUTH_SECRET: "test-secret-at-least-16-chars", LOG_LEVEL: "silent" });
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
}

afterEach(() => setShareLimitsForTests(undefined));

describe("memory (one instance)", () => {
  beforeAll(() => baseEnv({ REDIS_URL: undefined }));

  it("counts by address and by link; a write costs more than a read; 429 says when to come back", async () => {
    setShareLimitsForTests({ perAddress: 6, perLink: 100, windowSeconds: 60 });
    const { token } = newToken();
    await limitShareRequest(from("192.0.2.1"), token);
    await limitShareRequest(from("192.0.2.1"), token, 5);
    const refused = await refusal(limitShareRequest(from("192.0.2.1"), token));
    expect(refused).toMatchObject({ code: "rate_limited", status: 429 });
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(await refusal(limitShareRequest(from("192.0.2.2"), token))).toBeNull();
  });

  it("counts an IPv6 client by its /64, as the sign-in throttle does", () => {
    expect(shareClientAddress(from("2001:db8:1:2::1"))).toBe(shareClientAddress(from("2001:db8:1:2:ffff::9")));
    expect(shareClientAddress(from("2001:db8:1:2::1"))).not.toBe(shareClientAddress(from("2001:db8:1:3::1")));
  });
});

describe("Redis (several instances)", () => {
  let server: RedisServer | undefined;
  beforeAll(async () => {
    server = await startRedis();
    baseEnv({ REDIS_URL: server.url, REDIS_PREFIX: `share-limit-${process.pid}:` });
  }, 30_000);
  afterAll(async () => {
    await closeRedisForTests();
    await server?.stop();
    baseEnv({ REDIS_URL: undefined, REDIS_PREFIX: undefined });
  });

  it("keeps the counts in Redis: a new limiter (another instance) continues them", async () => {
    setShareLimitsForTests({ perAddress: 1000, perLink: 3, windowSeconds: 60 });
    const { token } = newToken();
    await limitShareRequest(from("192.0.2.10"), token);
    await limitShareRequest(from("192.0.2.11"), token);
    // Rebuilt from scratch, as another instance would hold its own limiter object.
    setShareLimitsForTests({ perAddress: 1000, perLink: 3, windowSeconds: 60 });
    await limitShareRequest(from("192.0.2.12"), token);
    expect(await refusal(limitShareRequest(from("192.0.2.13"), token))).toMatchObject({ status: 429 });
  });

  it("refuses (store_unavailable, 503) when Redis is gone, never counting alone", async () => {
    await server?.stop();
    server = undefined;
    const { token } = newToken();
    const e = await limitShareRequest(from("192.0.2.20"), token).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).name).toBe("StoreUnavailableError");
  });
});
