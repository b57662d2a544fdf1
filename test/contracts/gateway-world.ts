import { afterEach, beforeEach } from "vitest";
import { resetMetricsForTests } from "@/lib/server/metrics";
import { UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";
import { advance } from "@/test/contracts/budget";
import { FakeClock } from "@/test/support/fake-clock";
import type { Gateway, GatewayOptions, Priority } from "@/lib/server/gateway/gateway";

/**
 * What the gateway's behaviour cases run on: gateway.test.ts makes an embedded
 * gateway, gateway.redis.test.ts a production one (a RedisBudget on
 * a real Redis) from the same options.
 */
export type GatewayUnderTest = {
  gateway: Gateway;
  /**
   * Resolves when nothing the gateway asked of its stores is under way (and
   * the notes they published have been heard). Redis answers in real time
   * while the fake clock would jump ahead: cases wait for it before each
   * timer, as real time would have. At once for the embedded mode.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
};

export type MakeGateway = (options: GatewayOptions) => Promise<GatewayUnderTest>;

export const http = (status: number, retryAfter?: number) => () => new UpstreamHttpError(status, "", "ошибка", "posts/1/", retryAfter);
export const network = () => new UpstreamUnavailableError("network", "posts/1/");

export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

/**
 * Declares the hooks of a describe block (metrics reset, gateways closed) and
 * returns its `setup`: a gateway over a counting fake upstream, one key per
 * id, whose values carry the call number; answers take `slow(ms)` of the fake
 * clock, and the next calls fail with `fail(...)`.
 */
export function gatewayWorld(makeGateway: MakeGateway) {
  const open: GatewayUnderTest[] = [];
  beforeEach(() => resetMetricsForTests());
  afterEach(async () => {
    await Promise.all(open.splice(0).map((g) => g.close()));
  });

  return async function setup(options: GatewayOptions = {}) {
    const clock = new FakeClock();
    const made = await makeGateway({ clock, random: () => 0.5, ...options });
    open.push(made);
    const gw = made.gateway;
    let calls = 0;
    let latencyMs = 0;
    const callTimes: number[] = [];
    let failWith: (() => unknown)[] = [];
    const read = (id: number, priority: Priority = "interactive", ttlMs = 20_000) => {
      const p = gw.read<{ id: number; n: number }>({
        op: "post",
        key: `post:${id}`,
        ttlMs,
        tags: [`post:${id}`],
        priority,
        load: (ctx) =>
          ctx.call("post", async () => {
            const n = ++calls;
            callTimes.push(clock.now());
            if (latencyMs) await clock.sleep(latencyMs);
            const f = failWith.shift();
            if (f) throw f();
            return { id, n };
          }),
      });
      // Lets a case see whether the answer came without waiting for the upstream.
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
      callTimes,
      fail: (...errors: (() => unknown)[]) => (failWith = errors),
      slow: (ms: number) => (latencyMs = ms),
      settled: () => made.settled(),
      /** Moves the fake clock timer by timer, letting store calls finish in between. */
      advance: (ms: number) => advance(clock, ms, [() => made.settled()]),
    };
  };
}
