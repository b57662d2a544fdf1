import { describe, expect, it } from "vitest";
import { UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";
import { gatewayWorld, http, rejection, type MakeGateway } from "@/test/contracts/gateway-world";

/** The stale-while-revalidate cases of the gateway contract (see gateway.ts); the refresh grace is 400 ms. */
export function swrContract(name: string, makeGateway: MakeGateway): void {
  describe(`${name}: stale-while-revalidate`, () => {
    const world = gatewayWorld(makeGateway);
    const setup = () => world({ refreshGraceMs: 400 });

    it("answers an expired entry at once, marked stale, while a slow refresh runs; the next reader gets the refresh", async () => {
      const t = await setup();
      await t.read(1);
      await t.advance(21_000);
      t.slow(8000);
      const first = t.read(1);
      const second = t.read(1, "background");
      await t.advance(400);
      expect(first.state.done).toBe(true);
      expect(second.state.done).toBe(true);
      const [a, b] = await Promise.all([first, second]);
      expect(a.data.n).toBe(1);
      expect(a.meta.stale).toBe(true);
      expect(b.meta.stale).toBe(true);
      expect(t.calls()).toBe(2); // one refresh, joined by both
      await t.advance(8000);
      const next = await t.read(1);
      expect(next).toMatchObject({ data: { n: 2 }, meta: { stale: false } });
      expect(t.calls()).toBe(2);
    });

    it("gives the fresh answer when the refresh comes within the grace", async () => {
      const t = await setup();
      await t.read(1);
      await t.advance(21_000);
      t.slow(150);
      const pending = t.read(1);
      await t.advance(150);
      expect(pending.state.done).toBe(true);
      expect(await pending).toMatchObject({ data: { n: 2 }, meta: { stale: false } });
    });

    it("makes a reader with nothing to serve wait for the load", async () => {
      const t = await setup();
      t.slow(3000);
      const pending = t.read(1);
      await t.advance(400);
      expect(pending.state.done).toBe(false);
      await t.advance(2600);
      expect(pending.state.done).toBe(true);
      expect(await pending).toMatchObject({ data: { n: 1 }, meta: { stale: false } });
    });

    it("never serves an entry a decision expired: that reader waits for the refresh", async () => {
      const t = await setup();
      await t.read(1);
      t.gw.invalidate("post:1", "expire");
      t.slow(3000);
      const pending = t.read(1);
      await t.advance(400);
      expect(pending.state.done).toBe(false);
      await t.advance(2600);
      expect(pending.state.done).toBe(true);
      expect(await pending).toMatchObject({ data: { n: 2 }, meta: { stale: false } });
    });

    it("never falls back to an entry a decision expired: a failed refresh of it is an error", async () => {
      const t = await setup();
      await t.read(1);
      t.gw.invalidate("post:1", "expire");
      t.fail(http(500));
      const e = await rejection(t.read(1));
      expect((e as UpstreamHttpError).status).toBe(500);
    });

    it("lets the refresh of an entry a decision expired wait for a token as long as a reader with nothing to serve", async () => {
      // The expired entry cannot be served, so the short wait of a reader who has a stale answer does not apply.
      const t = await world({ refreshGraceMs: 400, limits: { readsPerMinute: 2, writesPerMinute: 30, requestsPerHour: 1000 }, staleWaitMs: 0, interactiveWaitMs: 2500 });
      await t.read(1);
      await t.read(2);
      await t.advance(58_500); // both reads' tokens come back at 60.25 s
      t.gw.invalidate("post:1", "expire");
      const pending = t.read(1);
      await t.advance(1000);
      expect(pending.state.done).toBe(false);
      await t.advance(1000);
      expect(pending.state.done).toBe(true);
      expect(await pending).toMatchObject({ data: { n: 3 }, meta: { stale: false } });
    });

    it("keeps the failure cooldown when a refresh fails after the stale answer went out", async () => {
      const t = await setup();
      await t.read(1);
      await t.advance(21_000);
      t.slow(8000);
      t.fail(() => new UpstreamUnavailableError("timeout", "posts/1/"));
      const answered = t.read(1);
      await t.advance(400);
      expect(answered.state.done).toBe(true);
      expect((await answered).meta.stale).toBe(true);
      await t.advance(8000); // the refresh times out in the background
      const during = await t.read(1);
      expect(during.meta.stale).toBe(true);
      expect(t.calls()).toBe(2); // within the cooldown: no new attempt
    });
  });
}
