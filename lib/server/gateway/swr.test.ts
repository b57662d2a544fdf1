import { beforeEach, describe, expect, it } from "vitest";
import { UpstreamUnavailableError } from "@/lib/upstream/errors";
import { resetMetricsForTests } from "@/lib/server/metrics";
import { FakeClock } from "./clock";
import { createGateway, type Priority } from "./gateway";

/** A gateway over an upstream whose answers take `latencyMs` of the fake clock. */
function setup() {
  const clock = new FakeClock();
  const gw = createGateway({ clock, random: () => 0.5, refreshGraceMs: 400 });
  let calls = 0;
  let latencyMs = 0;
  let failNext: (() => unknown) | undefined;
  const read = (id: number, priority: Priority = "interactive") => {
    const p = gw.read<{ n: number }>({
      op: "post",
      key: `post:${id}`,
      ttlMs: 20_000,
      tags: [`post:${id}`],
      priority,
      load: (ctx) =>
        ctx.call("post", async () => {
          const n = ++calls;
          if (latencyMs) await clock.sleep(latencyMs);
          const f = failNext;
          failNext = undefined;
          if (f) throw f();
          return { n };
        }),
    });
    // Lets a test see whether the answer came without waiting for the upstream.
    const state = { done: false };
    void p.then(
      () => (state.done = true),
      () => (state.done = true),
    );
    return Object.assign(p, { state });
  };
  return {
    clock,
    gw,
    read,
    calls: () => calls,
    slow: (ms: number) => (latencyMs = ms),
    fail: (f: () => unknown) => (failNext = f),
  };
}

describe("Gateway: stale-while-revalidate", () => {
  beforeEach(() => resetMetricsForTests());

  it("answers an expired entry at once, marked stale, while a slow refresh runs; the next reader gets the refresh", async () => {
    const t = setup();
    await t.read(1);
    await t.clock.advance(21_000);
    t.slow(8000);
    const first = t.read(1);
    const second = t.read(1, "background");
    await t.clock.advance(400);
    expect(first.state.done).toBe(true);
    expect(second.state.done).toBe(true);
    const [a, b] = await Promise.all([first, second]);
    expect(a.data.n).toBe(1);
    expect(a.meta.stale).toBe(true);
    expect(b.meta.stale).toBe(true);
    expect(t.calls()).toBe(2); // one refresh, joined by both
    await t.clock.advance(8000);
    const next = await t.read(1);
    expect(next).toMatchObject({ data: { n: 2 }, meta: { stale: false } });
    expect(t.calls()).toBe(2);
  });

  it("gives the fresh answer when the refresh comes within the grace", async () => {
    const t = setup();
    await t.read(1);
    await t.clock.advance(21_000);
    t.slow(150);
    const pending = t.read(1);
    await t.clock.advance(150);
    expect(await pending).toMatchObject({ data: { n: 2 }, meta: { stale: false } });
  });

  it("makes a reader with nothing to serve wait for the load", async () => {
    const t = setup();
    t.slow(3000);
    const pending = t.read(1);
    await t.clock.advance(400);
    expect(pending.state.done).toBe(false);
    await t.clock.advance(2600);
    expect(await pending).toMatchObject({ data: { n: 1 }, meta: { stale: false } });
  });

  it("never serves an entry a decision expired: that reader waits for the refresh", async () => {
    const t = setup();
    await t.read(1);
    t.gw.invalidate("post:1", "expire");
    t.slow(3000);
    const pending = t.read(1);
    await t.clock.advance(400);
    expect(pending.state.done).toBe(false);
    await t.clock.advance(2600);
    expect((await pending).meta.stale).toBe(false);
  });

  it("keeps the failure cooldown when a refresh fails after the stale answer went out", async () => {
    const t = setup();
    await t.read(1);
    await t.clock.advance(21_000);
    t.slow(8000);
    t.fail(() => new UpstreamUnavailableError("timeout", "posts/1/"));
    const answered = t.read(1);
    await t.clock.advance(400);
    expect(answered.state.done).toBe(true);
    expect((await answered).meta.stale).toBe(true);
    await t.clock.advance(8000); // the refresh times out in the background
    const during = await t.read(1);
    expect(during.meta.stale).toBe(true);
    expect(t.calls()).toBe(2); // within the cooldown: no new attempt
  });
});
