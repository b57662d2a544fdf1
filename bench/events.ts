/**
 * Live-push latency benchmark: `npx tsx bench/events.ts [samples=20]`.
 *
 * In one run on the same machine, the time from publishEvent on one bus to
 * its delivery:
 * - through Redis, to a bus on other connections (another instance), with a
 *   throwaway redis-server started here on a free port and stopped at the end;
 * - the same, as far as the bytes of an open GET /api/events stream on that
 *   other instance (the route's handler, without the sign-in around it);
 * - through the in-process bus (embedded mode), as the baseline.
 * Samples are sequential, a few milliseconds apart; medians and the worst are printed.
 *
 * lib/server/* imports "server-only", which resolves to an empty module only
 * under the "react-server" condition: the script re-runs itself with it.
 */
import { runAsServerCode } from "./server-conditions";

const samples = Math.max(1, Number(process.argv[2] ?? 20));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  // The stream handler reads the env (whether notifications are configured): a minimal valid one.
  process.env.UPSTREAM_API_KEY ??= "bench-key";
  process.env.NEXTAUTH_SECRET ??= "bench-secret-at-least-16";
  process.env.LOG_LEVEL = "silent";
  const { startRedis } = await import("../test/servers/redis");
  const { connectRedis } = await import("../lib/server/redis");
  const { EventBus } = await import("../lib/server/events/bus");
  const { eventsHandler } = await import("../lib/server/events/stream");
  const { NextRequest } = await import("next/server");
  type Bus = InstanceType<typeof EventBus>;

  /** Publishes on `from` and times until `arrived` resolves for that sample. */
  async function measure(from: Bus, arrived: (n: number) => Promise<void>): Promise<number[]> {
    const out: number[] = [];
    for (let i = -3; i < samples; i++) {
      const n = i + 1000;
      const got = arrived(n);
      const t0 = performance.now();
      from.publish({ type: "post", task_id: n, campaign_id: 1, status: "APPROVED", reason: "decision" });
      await got;
      if (i >= 0) out.push(performance.now() - t0); // the first three warm up
      await sleep(5);
    }
    return out;
  }
  const onBus = (bus: Bus) => (n: number) =>
    new Promise<void>((resolve) => {
      const off = bus.subscribe((d) => {
        if (d.event.type !== "post" || d.event.task_id !== n) return;
        off();
        resolve();
      });
    });

  const server = await startRedis();
  const conns = ["a-pub", "a-sub", "b-pub", "b-sub"].map((name) => connectRedis(server.url, name));
  const [aPub, aSub, bPub, bSub] = conns as [(typeof conns)[number], (typeof conns)[number], (typeof conns)[number], (typeof conns)[number]];
  const abort = new AbortController();
  try {
    const a = new EventBus({ publisher: aPub, subscriber: aSub, channel: "bench:events" });
    const b = new EventBus({ publisher: bPub, subscriber: bSub, channel: "bench:events" });
    await Promise.all([a.ready(), b.ready()]);
    const viaRedis = await measure(a, onBus(b));

    // An open stream on instance B, read as the browser would.
    const req = new NextRequest("http://127.0.0.1/api/events", { signal: abort.signal });
    const session = { email: "bench@example.com", name: "Bench", role: "reviewer" as const };
    const handler = eventsHandler({ bus: () => b, recheck: async () => session });
    const res = await handler({ req, params: {}, query: new URLSearchParams(), requestId: "bench-000", priority: "interactive", state: {}, session });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const onStream = async (n: number) => {
      const needle = `"task_id":${n},`;
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        text += value;
      }
      text = text.slice(text.indexOf(needle) + needle.length);
    };
    const viaStream = await measure(a, onStream);

    const local = new EventBus();
    const inProcess = await measure(local, onBus(local));

    const rows = [
      ["Redis, bus A → bus B (another instance)", viaRedis],
      ["Redis, bus A → GET /api/events bytes on B", viaStream],
      ["in-process bus (embedded mode)", inProcess],
    ] as const;
    console.log(`Event latency, publishEvent → delivery, ${samples} samples each (median, worst):`);
    for (const [name, xs] of rows) console.log(`  ${name.padEnd(44)} ${fmt(median(xs)).padStart(10)}  ${fmt(Math.max(...xs)).padStart(10)}`);
    console.log(`  Redis ÷ in-process (medians): ${(median(viaRedis) / median(inProcess)).toFixed(0)}×; target: ≤ 500 ms from a decision to a page on another instance`);
  } finally {
    abort.abort();
    for (const c of conns) c.disconnect();
    await server.stop();
  }
}

await runAsServerCode(import.meta.url, main);
