// @vitest-environment node
// Rate limits of section 8: sliding windows on the real clock, 429 with an accurate Retry-After.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "./http";
import { RateLimiter } from "./limits";
import type { SimulatorHandle } from "./server";
import { client, quietSimulator } from "./testing";

function retryAfter(fn: () => void): number | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 429) throw e;
    return Number(e.headers["Retry-After"]);
  }
}

describe("RateLimiter", () => {
  it("60 reads a minute, Retry-After until the oldest leaves the window", () => {
    let now = 1_000_000;
    const rl = new RateLimiter(true, () => now);
    for (let i = 0; i < 60; i++) {
      expect(retryAfter(() => rl.hit("k", "read"))).toBeNull();
      now += 500; // 60 reads over 30 s
    }
    // The first read was 30 s ago: the next one is allowed in 30 s.
    expect(retryAfter(() => rl.hit("k", "read"))).toBe(30);
    now += 29_000;
    expect(retryAfter(() => rl.hit("k", "read"))).toBe(1);
    now += 1_000;
    expect(retryAfter(() => rl.hit("k", "read"))).toBeNull();
    // Writes have their own budget; other keys too.
    expect(retryAfter(() => rl.hit("k", "write"))).toBeNull();
    expect(retryAfter(() => rl.hit("other", "read"))).toBeNull();
  });

  it("30 writes a minute and 1000 requests an hour in all", () => {
    let now = 0;
    const rl = new RateLimiter(true, () => now);
    for (let i = 0; i < 30; i++) rl.hit("k", "write");
    expect(retryAfter(() => rl.hit("k", "write"))).toBe(60);
    const hourly = new RateLimiter(true, () => now);
    for (let i = 0; i < 1000; i++) {
      hourly.hit("k", i % 3 === 0 ? "write" : "read");
      now += 2_000; // slow enough for the per-minute windows
    }
    // The first request was 2000 s ago; it leaves the hour window in 1600 s.
    expect(retryAfter(() => hourly.hit("k", "read"))).toBe(1600);
  });

  it("rejected requests do not use up the budget; disabled limiter never refuses", () => {
    let now = 0;
    const rl = new RateLimiter(true, () => now);
    for (let i = 0; i < 60; i++) rl.hit("k", "read");
    for (let i = 0; i < 100; i++) retryAfter(() => rl.hit("k", "read"));
    now += 60_000;
    expect(retryAfter(() => rl.hit("k", "read"))).toBeNull();
    const off = new RateLimiter(false, () => now);
    for (let i = 0; i < 2000; i++) off.hit("k", "read");
  });
});

describe("over HTTP", () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await quietSimulator({ limits: true });
  });
  afterAll(() => sim.close());

  it("the 61st read within a minute gets 429 rate_limited with Retry-After; media is not limited", async () => {
    const api = client(sim);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await api.get(i === 0 ? "posts/1001/" : "account/")).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const res = await api.get<{ error: { code: string; message: string } }>("projects/");
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("rate_limited");
    expect(res.body.error.message).toMatch(/лимит/);
    const ra = res.headers.get("retry-after");
    expect(ra).toMatch(/^\d+$/);
    expect(Number(ra)).toBeGreaterThanOrEqual(55);
    expect(Number(ra)).toBeLessThanOrEqual(60);
    // Writes still have their own budget.
    expect((await api.post("posts/999999/approve")).status).toBe(404);
    const detail = sim.state.world.post(1001);
    expect(detail).toBeDefined();
    const media = await fetch(sim.state.links.url("coffee-1.jpg"));
    expect(media.status).toBe(200);
    // Admin reset clears the counters.
    await fetch(`${sim.url}/__admin/reset`, { method: "POST" });
    expect((await api.get("account/")).status).toBe(200);
  });
});
