// The checks under the worst input of the issue "bounded everywhere": a waiting post of 5,000 one-letter
// words under 500 one-letter banned phrases, through the real routes (the test harness: simulator in
// process, a SQLite file). Prints each figure beside its target. Run by bench/checks.ts, or alone:
// npx tsx bench/checks-bounded.ts
import "./server-only-stub.mjs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const LETTERS = [..."абвгдежзиклмнопрстуфхцчшэюяabcdefghijklmnopqrstuvwx"].slice(0, 50);
const textOf = (shift: number) => Array.from({ length: 5000 }, (_, i) => LETTERS[(i * 7 + shift) % 50]).join(" ");
const RULES = { banned: Array.from({ length: 500 }, (_, i) => ({ phrase: LETTERS[i % 50]!, severity: i % 50 === 0 ? "block" : "warn", note: `правило ${i}` })) };

const { admin, call, startHarness } = await import("../app/api/_tests/harness");
const { GET: health } = await import("../app/api/health/route");
const { PUT: putRules } = await import("../app/api/campaigns/[id]/checks/route");
const { GET: postChecks } = await import("../app/api/posts/[id]/checks/route");

const h = await startHarness({ DEMO: "1" });
let peakRss = process.memoryUsage().rss;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
try {
  const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/?status=ACTIVE`, { headers: { Authorization: "Bearer demo-key" } });
  const campaign = ((await res.json()) as { campaigns: { id: number }[] }).campaigns[0]!.id;
  const { created } = (await (await admin(h.simUrl, `campaigns/${campaign}/generate`, { count: 8 })).json()) as { created: number[] };
  const waiting: number[] = [];
  for (const id of created) {
    const p = (await (await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } })).json()) as { status: string };
    if (p.status === "WAITING_APPROVAL") waiting.push(id);
  }
  // Every waiting post gets the 5,000-word text, and is read once, so the rules save re-checks them all.
  for (const [k, id] of waiting.entries()) {
    await admin(h.simUrl, `posts/${id}/versions`, { text_content: textOf(k) });
    await call(postChecks, `/api/posts/${id}/checks`, { role: "reviewer", params: { id: String(id) } });
  }

  // Health asked every 50 ms while the timed work runs (its slowest answer), and the event loop's longest stall:
  // both in this process, so a request arriving during a stall is not seen by the probe, only by the stall.
  async function healthDuring<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; healthMax: number; loopMax: number }> {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let running = true;
    let healthMax = 0;
    const probe = (async () => {
      while (running) {
        const t0 = performance.now();
        await call(health, "/api/health");
        healthMax = Math.max(healthMax, performance.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const t0 = performance.now();
    const value = await work();
    const ms = performance.now() - t0;
    running = false;
    await probe;
    loop.disable();
    return { value, ms, healthMax, loopMax: loop.max / 1e6 };
  }

  const put = await healthDuring(async () => {
    const r = await call(putRules, `/api/campaigns/${campaign}/checks`, { method: "PUT" as "POST", role: "admin", params: { id: String(campaign) }, body: RULES });
    return (await r.json()) as { flagged: { waiting: number; unchecked: number } };
  });
  // A new version of one post, so its report is made now under the 500 rules.
  await admin(h.simUrl, `posts/${waiting[0]}/versions`, { text_content: textOf(49) });
  const checks = await healthDuring(async () => {
    const r = await call(postChecks, `/api/posts/${waiting[0]}/checks`, { role: "reviewer", params: { id: String(waiting[0]) } });
    const body = await r.text();
    return { status: r.status, bytes: Buffer.byteLength(body), report: JSON.parse(body) as { findings: unknown[]; omitted: number; unchecked: string[] } };
  });
  clearInterval(rssTimer);
  const f = (x: number) => x.toFixed(0);
  console.log(`bounded: 1 post of 5,000 one-letter words × 500 one-letter phrases (${waiting.length} such posts waiting)`);
  console.log(`  checks (GET /api/posts/[id]/checks)     ${f(checks.ms)} ms (target ≤ 2,000 ms); ${checks.value.report.findings.length} findings listed, ${checks.value.report.omitted} more counted, unchecked: [${(checks.value.report.unchecked ?? ["(not reported)"]).join(", ")}]`);
  console.log(`  report size                             ${(checks.value.bytes / 1024).toFixed(0)} KB (target ≤ 2,048 KB)`);
  // A health request arriving at the start of the longest event-loop stall waits it out: stall + its own answer.
  console.log(`  health during the checks                ${f(checks.loopMax + checks.healthMax)} ms worst (target ≤ 1,000 ms): longest stall ${f(checks.loopMax)} ms + slowest answer ${f(checks.healthMax)} ms`);
  console.log(`  rules PUT of 500 phrases                ${f(put.ms)} ms (target ≤ 1,000 ms); re-checked ${put.value.flagged.waiting}, left ${put.value.flagged.unchecked ?? "(not reported)"} for later`);
  console.log(`  health during the rules PUT             ${f(put.loopMax + put.healthMax)} ms worst (target ≤ 1,000 ms): longest stall ${f(put.loopMax)} ms + slowest answer ${f(put.healthMax)} ms`);
  console.log(`  peak RSS                                ${(peakRss / 1024 / 1024).toFixed(0)} MB (the issue saw 2.8 GB)`);
} finally {
  clearInterval(rssTimer);
  await h.close();
}
