/**
 * Reports benchmark: `npm run bench:reports` (`tsx bench/reports.ts [campaigns=40] [days=30]`).
 *
 * A real SQLite file seeded with `campaigns` campaigns over `days` days (two
 * posts a day each, five metrics read four times a post, a decision per
 * post, a check finding on every fifth), then:
 * - building the whole team's report for the period from the database, and
 *   the PDF with pdfkit: time and extra RSS (peak over the start);
 * - the same PDF with pdfkit and with @react-pdf/renderer, alternating, 5
 *   runs each after a warm-up: median time and bytes.
 * react-pdf runs in a child process (bench/reports-react-pdf.tsx, React's
 * client build); each child run is timed inside the child after its own warm-up.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runAsServerCode } from "./server-conditions";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;

async function main(): Promise<void> {
  const campaigns = Number(process.argv[2] ?? 40);
  const days = Number(process.argv[3] ?? 30);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-reports-"));
  Object.assign(process.env, { DATABASE_URL: `file:${path.join(dir, "bench.db")}`, UPSTREAM_API_KEY: "demo-key", NEXTAUTH_SECRET: "bench-secret-bench-secret-0123", LOG_LEVEL: "silent" });
  const { resetEnvForTests } = await import("../lib/env");
  resetEnvForTests();
  const { db, ensureMigrated } = await import("../lib/server/db");
  await ensureMigrated();
  const { shiftDay } = await import("../lib/analytics/dates");
  const { buildReport } = await import("../lib/server/reports/data");
  const { reportPdf } = await import("../lib/server/reports/pdf");
  const { reportTexts } = await import("../lib/reports/texts");

  const to = "2026-11-22";
  const from = shiftDay(to, -(days - 1));
  const d = db();
  const METRICS = ["VIEWS", "LIKES", "COMMENTS", "REPOSTS", "REACTIONS"];
  let id = 0;
  const t0 = performance.now();
  for (let c = 1; c <= campaigns; c++) {
    await d.insertInto("campaign_sync").values({ campaign_id: c, campaign_name: `Кампания ${c}`, cursor: null, full_at: "2026-11-24T00:00:00Z", full_by: "2026-12-24T00:00:00Z", fetched_at: "2026-11-24T00:00:00Z", revision: 1, lease_owner: null, lease_until: null }).execute();
    const posts = [];
    const snaps = [];
    const audit = [];
    const checks = [];
    // The period and the one before it, for the comparison.
    for (let k = 0; k < days * 2 * 2; k++) {
      const task = ++id;
      const day = shiftDay(from, Math.floor(k / 2) - days);
      const at = `${day}T${k % 2 ? "09" : "15"}:00:00Z`;
      const created = `${shiftDay(day, -1)}T10:00:00Z`;
      const status = k % 11 === 0 ? "FAILED" : k % 13 === 0 ? "CANCELED" : "PUBLISHED";
      posts.push({ campaign_id: c, task_id: task, status, published_at: at, created_at: created, updated_at: null, fetched_at: at, post: JSON.stringify({ task_id: task, campaign_id: c, campaign_name: `Кампания ${c}`, text: `Пост ${task}: весенняя распродажа\nподробности`, status, post_type: "TEXT", published_at: at, created_at: created, updated_at: null, media: null }) });
      for (let r = 0; r < 4; r++) {
        const when = new Date(Date.parse(at) + (r + 1) * 86_400_000 / 2).toISOString();
        for (const [m, metric] of METRICS.entries()) snaps.push({ task_id: task, campaign_id: c, platform: "TOTAL", metric_type: metric, value: ((task * 7 + m * 13) % 500) * (r + 1), previous_value: null, delta: null, collected_at: when, recorded_at: when, source: "engagement" as const });
      }
      audit.push({ at: `${shiftDay(day, -1)}T12:00:00.000Z`, user_email: `p${k % 4}@example.com`, user_name: ["Анна", "Борис", "Вера", "Глеб"][k % 4]!, role: "editor", task_id: task, campaign_id: c, version_number: 1, version_seen: 1, action: k % 5 === 0 ? ("reject" as const) : ("approve" as const), reason: null, reason_category: k % 5 === 0 ? "tone" : null, note: null, source: "single" as const, status_after: "APPROVED", result: "approved_now", error_code: null, http_status: 200, duration_ms: 5 });
      if (k % 5 === 0) checks.push({ task_id: task, campaign_id: c, version: 1, text_hash: "h", rules_hash: "r", verdict: "warn", warn_count: 1, block_count: 0, findings: JSON.stringify([{ rule: "stop_words" }]), first_seen_at: created, checked_at: created });
    }
    for (let i = 0; i < snaps.length; i += 1000) await d.insertInto("metric_snapshots").values(snaps.slice(i, i + 1000)).execute();
    await d.insertInto("campaign_posts").values(posts).execute();
    for (let i = 0; i < audit.length; i += 500) await d.insertInto("audit_log").values(audit.slice(i, i + 500)).execute();
    if (checks.length) await d.insertInto("check_reports").values(checks).execute();
  }
  console.log(`seeded ${campaigns} campaigns × ${days} days (and the period before): ${id} posts, ${id * 20} readings in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const tx = reportTexts("ru");
  const period = { from, to };
  // Warm-up (module loading, the font's first parse), then the measured build.
  await reportPdf(await buildReport({ campaignId: null, period, timeZone: "Europe/Moscow" }), tx);
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const b0 = performance.now();
  const report = await buildReport({ campaignId: null, period, timeZone: "Europe/Moscow" });
  const b1 = performance.now();
  const pdf = await reportPdf(report, tx);
  const b2 = performance.now();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`report of ${campaigns} campaigns over ${days} days: data ${(b1 - b0).toFixed(0)} ms + PDF ${(b2 - b1).toFixed(0)} ms = ${(b2 - b0).toFixed(0)} ms; extra RSS ${mb(peak - rss0)} (peak ${mb(peak)}); PDF ${pdf.length} bytes`);

  // A project's report: the campaigns in four projects of ten, one project's month (its campaigns from campaign_projects).
  const { keepCampaignProjects } = await import("../lib/server/mirror/projects");
  await keepCampaignProjects(d, Array.from({ length: campaigns }, (_, i) => ({ id: i + 1, name: `Кампания ${i + 1}`, project_id: 1 + (i % 4), project_name: `Проект ${1 + (i % 4)}` })));
  const p0 = performance.now();
  const ofProject = await buildReport({ campaignId: null, projectId: 1, period, timeZone: "Europe/Moscow" });
  const p1 = performance.now();
  const projectPdf = await reportPdf(ofProject, tx);
  const p2 = performance.now();
  console.log(`report of project 1 (${Math.ceil(campaigns / 4)} campaigns) over ${days} days: data ${(p1 - p0).toFixed(0)} ms + PDF ${(p2 - p1).toFixed(0)} ms; PDF ${projectPdf.length} bytes`);

  const json = path.join(dir, "report.json");
  writeFileSync(json, JSON.stringify(report));
  const kit: number[] = [];
  const kitBytes: number[] = [];
  const rp: number[] = [];
  const rpBytes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const a = performance.now();
    const out = await reportPdf(report, tx);
    kit.push(performance.now() - a);
    kitBytes.push(out.length);
    const lines = execFileSync(process.execPath, [...process.execArgv.filter((x) => !x.startsWith("--conditions")), path.join(import.meta.dirname, "reports-react-pdf.tsx"), json, "2"], { encoding: "utf8" }).trim().split("\n");
    const second = JSON.parse(lines.at(-1)!) as { ms: number; bytes: number };
    rp.push(second.ms);
    rpBytes.push(second.bytes);
  }
  console.log(`pdfkit:              median ${median(kit).toFixed(0)} ms (runs ${kit.map((x) => x.toFixed(0)).join(", ")}), ${median(kitBytes)} bytes`);
  console.log(`@react-pdf/renderer: median ${median(rp).toFixed(0)} ms (runs ${rp.map((x) => x.toFixed(0)).join(", ")}), ${median(rpBytes)} bytes`);
  rmSync(dir, { recursive: true, force: true });
}

void runAsServerCode(import.meta.url, main);
