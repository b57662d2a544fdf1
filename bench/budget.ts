/**
 * Request-budget benchmark: `npx tsx bench/budget.ts [minutes=60]`.
 *
 * Runs the crowd scenario of lib/server/service/crowd.ts (people polling one
 * review queue every 10–15 s, opening its first posts, one of them approving
 * every 5 minutes) through the real gateway and service against an in-process
 * simulator, on a fake clock, once with 1 person and once with 25, and prints
 * the upstream calls of each and their ratio. The simulator's world clock is
 * moved in step with the fake clock; its rate limiter (wall clock) is off,
 * since a simulated hour here takes seconds: the gateway's own budget is what
 * keeps the calls in bounds (the vitest integration test runs the same with
 * the limiter on).
 *
 * The service modules import "server-only", which resolves to an empty module
 * only under the "react-server" condition: the script re-runs itself with it.
 */
import { runAsServerCode } from "./server-conditions";

async function main(): Promise<void> {
  const minutes = Number(process.argv[2] ?? 60);
  const { startSimulator } = await import("../simulator/server");
  const { FakeClock } = await import("../lib/server/gateway/clock");
  const { createGateway } = await import("../lib/server/gateway/gateway");
  const { createService } = await import("../lib/server/service/service");
  const { countingApi, runCrowd } = await import("../lib/server/service/crowd");
  const upstream = await import("../lib/upstream");

  const START = Date.parse("2026-11-20T09:00:00+03:00");

  async function run(people: number) {
    const sim = await startSimulator({ port: 0, limits: false, timeScale: 0, startTime: START, tickMs: 3_600_000, seed: 42 });
    try {
      upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
      const world = sim.state.world;
      const campaign = world.campaigns.find(
        (c) => c.status === "ACTIVE" && world.campaignPosts(c.id).filter((p) => p.status === "WAITING_APPROVAL").length >= 3,
      );
      if (!campaign) throw new Error("the seeded world has no campaign with a queue");
      let last = START;
      const clock = new FakeClock(START, (t) => {
        sim.state.advance((t - last) / 1000);
        last = t;
      });
      const wire = countingApi(upstream);
      const service = createService(createGateway({ clock }), wire.api);
      const started = performance.now();
      const result = await runCrowd(service, clock, wire, { people, durationMs: minutes * 60_000, campaignId: campaign.id });
      return { ...result, wallMs: performance.now() - started };
    } finally {
      upstream.setUpstreamConfigForTests(undefined);
      await sim.close();
    }
  }

  const one = await run(1);
  const crowd = await run(25);
  const row = (label: string, r: typeof one) =>
    `${label.padEnd(10)} requests ${String(r.requests).padStart(6)}  upstream ${String(r.upstreamTotal).padStart(5)}  ` +
    `stale ${String(r.stale).padStart(4)}  failed ${String(r.failures.length).padStart(3)}  ` +
    `(${Object.entries(r.upstream).map(([k, v]) => `${k} ${v}`).join(", ")})  ${(r.wallMs / 1000).toFixed(1)} s`;
  console.log(`Simulated ${minutes} min of people watching one review queue (list TTL 15 s):`);
  console.log(row("1 person", one));
  console.log(row("25 people", crowd));
  console.log(
    `ratio of upstream calls, 25 people / 1 person: ${(crowd.upstreamTotal / Math.max(1, one.upstreamTotal)).toFixed(2)} ` +
      `(requests: ${(crowd.requests / Math.max(1, one.requests)).toFixed(1)}x)`,
  );
  if (crowd.failures.length || one.failures.length) {
    console.log("failures:", [...one.failures, ...crowd.failures].slice(0, 5));
    process.exitCode = 1;
  }
}

await runAsServerCode(import.meta.url, main);
