import { describe, expect, it } from "vitest";
import { UpstreamContractError, UpstreamHttpError } from "@/lib/server/upstream/errors";
import { renderMetrics } from "@/lib/server/metrics";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { gatewayWorld, http, network, rejection, type MakeGateway } from "@/test/contracts/gateway-world";
import { swrContract } from "@/test/contracts/gateway-swr";

export type { GatewayUnderTest, MakeGateway } from "@/test/contracts/gateway-world";

/**
 * The behaviour the gateway must show in either mode: `gatewayContract`
 * declares the cases, gateway.test.ts runs them on the embedded gateway and
 * gateway.redis.test.ts on the production one (a RedisBudget on a real Redis).
 */
export function gatewayContract(name: string, makeGateway: MakeGateway): void {
  describe(`${name}: reads`, () => {
    const setup = gatewayWorld(makeGateway);

    it("joins identical reads in flight into one upstream call", async () => {
      const t = await setup();
      const answers = await Promise.all(Array.from({ length: 10 }, () => t.read(1)));
      expect(t.calls()).toBe(1);
      expect(new Set(answers.map((a) => a.data.n))).toEqual(new Set([1]));
      expect(answers.every((a) => a.meta.stale === false)).toBe(true);
      expect(await renderMetrics()).toContain('gateway_cache_requests_total{operation="post",result="joined"} 9');
    });

    it("serves from cache within the TTL and asks again after it", async () => {
      const t = await setup();
      await t.read(1);
      await t.advance(19_999);
      expect((await t.read(1)).data.n).toBe(1);
      await t.advance(2);
      expect((await t.read(1)).data.n).toBe(2);
      expect(t.calls()).toBe(2);
    });

    it("keeps at most maxEntries answers in memory, dropping the least recently used", async () => {
      const t = await setup({ maxEntries: 3 });
      await t.read(1);
      await t.read(2);
      await t.read(3);
      await t.read(1); // touch 1: now 2 is the oldest
      await t.read(4);
      expect(t.gw.cache.size).toBe(3);
      expect(t.gw.cache.keys().sort()).toEqual(["post:1", "post:3", "post:4"]);
      expect(t.calls()).toBe(4);
      await t.read(1);
      expect(t.calls()).toBe(4);
    });

    it("serves the last good answer, marked stale, when the budget is spent; errors when there is none", async () => {
      const t = await setup({ limits: { readsPerMinute: 2, writesPerMinute: 30, requestsPerHour: 1000 }, staleWaitMs: 0, interactiveWaitMs: 0 });
      await t.read(1);
      await t.read(2);
      await t.advance(30_000); // both expired, no token back before ~60 s
      const stale = await t.read(1);
      expect(stale.meta.stale).toBe(true);
      expect(stale.data.n).toBe(1);
      const retryAt = Date.parse(stale.meta.retryAt ?? "");
      expect(retryAt).toBeGreaterThan(t.clock.now());
      expect(retryAt).toBeLessThanOrEqual(t.clock.now() + 31_000);
      const e = await rejection(t.read(3));
      expect(e).toBeInstanceOf(BudgetExhaustedError);
      expect((e as BudgetExhaustedError).retryAfterSeconds).toBeGreaterThanOrEqual(30);
      expect(t.calls()).toBe(2);
      expect(await renderMetrics()).toMatch(/gateway_budget_refusals_total\{lane="interactive"\} 2/);
    });

    it("lets a person wait briefly for a token instead of failing", async () => {
      const t = await setup({ limits: { readsPerMinute: 1, writesPerMinute: 30, requestsPerHour: 1000 }, interactiveWaitMs: 2500 });
      await t.read(1);
      await t.advance(58_000);
      const pending = t.read(2);
      await t.advance(2500);
      expect(pending.state.done).toBe(true);
      expect((await pending).meta.stale).toBe(false);
      expect(t.calls()).toBe(2);
    });

    it("never makes a background read wait, and never lets it take a person's tokens", async () => {
      const t = await setup({ limits: { readsPerMinute: 8, writesPerMinute: 30, requestsPerHour: 1000, backgroundReadHeadroom: 4 } });
      for (let id = 1; id <= 4; id++) await t.read(id, "background");
      const e = await rejection(t.read(5, "background"));
      expect(e).toBeInstanceOf(BudgetExhaustedError);
      for (let id = 5; id <= 8; id++) expect((await t.read(id)).meta.stale).toBe(false);
      expect(t.calls()).toBe(8);
    });

    it("serves stale data when the upstream fails, and waits out a cooldown before asking again", async () => {
      const t = await setup({ failureCooldownMs: 15_000 });
      await t.read(1);
      await t.advance(21_000);
      t.fail(() => new UpstreamContractError("posts/1/", "status", "bad"));
      const r = await t.read(1);
      expect(r.meta).toMatchObject({ stale: true });
      expect(Date.parse(r.meta.retryAt ?? "")).toBe(t.clock.now() + 15_000);
      await t.read(1);
      expect(t.calls()).toBe(2); // within the cooldown: no new attempt
      await t.advance(15_000);
      expect((await t.read(1)).meta.stale).toBe(false);
      expect(t.calls()).toBe(3);
    });

    it("rethrows an upstream failure when there is nothing to serve", async () => {
      const t = await setup();
      t.fail(http(500));
      const e = await rejection(t.read(1));
      expect(e).toBeInstanceOf(UpstreamHttpError);
      expect((e as UpstreamHttpError).status).toBe(500);
    });

    it("passes 4xx answers other than 429 through, without masking them with stale data", async () => {
      const t = await setup();
      await t.read(1);
      await t.advance(21_000);
      t.fail(http(404));
      const e = await rejection(t.read(1));
      expect((e as UpstreamHttpError).status).toBe(404);
      t.fail(http(403));
      expect(((await rejection(t.read(1))) as UpstreamHttpError).status).toBe(403);
    });

    it("retries GETs on 502/503/504 and network errors with growing backoff", async () => {
      const t = await setup();
      t.fail(http(503), network);
      const pending = t.read(1);
      await t.advance(5000);
      const r = await pending;
      expect(r.meta.stale).toBe(false);
      expect(t.calls()).toBe(3);
      const [a, b, c] = t.callTimes as [number, number, number];
      expect(b - a).toBe(225); // 300 ms step, equal jitter at random() = 0.5
      expect(c - b).toBe(450);
    });

    it("honours Retry-After, pausing every call until then", async () => {
      const t = await setup();
      await t.read(2);
      const t0 = t.clock.now();
      t.fail(http(429, 3));
      const pending = t.read(1);
      await t.advance(1000);
      expect(t.gw.budget.snapshot().pausedUntil).toBe(new Date(t0 + 3000).toISOString());
      // While paused nothing else goes upstream.
      expect(await rejection(t.read(3, "background"))).toBeInstanceOf(BudgetExhaustedError);
      await t.advance(2000);
      const r = await pending;
      expect(r.meta.stale).toBe(false);
      expect(t.callTimes).toEqual([t0, t0, t0 + 3000]);
    });

    it("turns a 429 that outlasts the retry bound into stale data or BudgetExhaustedError, never a raw 429", async () => {
      const t = await setup();
      await t.read(1);
      await t.advance(21_000);
      t.fail(http(429, 120));
      const r = await t.read(1);
      expect(r.meta.stale).toBe(true);
      expect(Date.parse(r.meta.retryAt ?? "")).toBe(t.clock.now() + 120_000);
      expect(t.gw.budget.snapshot().pausedUntil).toBe(new Date(t.clock.now() + 120_000).toISOString());
      const e = await rejection(t.read(2));
      expect(e).toBeInstanceOf(BudgetExhaustedError);
      expect((e as BudgetExhaustedError).retryAfterSeconds).toBe(120);
      expect(t.calls()).toBe(2); // the paused read of 2 never went upstream
    });

    it("does not store an answer that a decision made stale while it was in flight", async () => {
      const t = await setup();
      t.slow(1000);
      const pending = t.read(1);
      await t.advance(500);
      expect(t.calls()).toBe(1); // the load is on the wire
      t.gw.invalidate("post:1");
      await t.advance(500);
      expect((await pending).data.n).toBe(1); // the reader who asked before the decision gets it…
      await t.settled();
      expect(t.gw.cache.has("post:1")).toBe(false); // …but nobody after it
      t.slow(0);
      expect((await t.read(1)).data.n).toBe(2);
    });
  });

  swrContract(name, makeGateway);
}
