// The demo's month of history: written into a fresh database through the app's own
// store functions, once — a second run (a restarted demo) adds nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "@/lib/auth/demo-users";
import { dailyTotals, daysOf } from "@/lib/analytics/engagement-trends";
import { resetEnvForTests } from "@/lib/env";
import { listAudit } from "@/lib/server/audit";
import { listAuditEvents } from "@/lib/server/audit-events";
import { closeDbForTests, db } from "@/lib/server/db";
import { FIXED_START } from "@/simulator/testing";
import { worldHistory } from "@/simulator/world/history";
import { seedWorld } from "@/simulator/world/seed";
import { seedDemoHistory } from "./history";

const DAY = 86_400_000;
let dir = "";

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "demo-history-"));
  Object.assign(process.env, {
    NODE_ENV: "test",
    NEXTAUTH_SECRET: "demo-history-test-secret-0123456789",
    NEXTAUTH_URL: "http://localhost:3000",
    UPSTREAM_API_KEY: "demo-key",
    DATABASE_URL: `file:${path.join(dir, "dashboard.db")}`,
    LOG_LEVEL: "silent",
  });
  resetEnvForTests();
  await closeDbForTests();
});
afterAll(async () => {
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

async function counts() {
  const d = db();
  const n = async (table: "audit_log" | "verdicts" | "comments" | "audit_events" | "metric_snapshots") =>
    Number((await d.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return { audit: await n("audit_log"), verdicts: await n("verdicts"), comments: await n("comments"), events: await n("audit_events"), snapshots: await n("metric_snapshots") };
}

describe("the demo's seeded history", () => {
  const world = seedWorld(42, FIXED_START);
  const posts = worldHistory(world, FIXED_START);

  it("writes a month of decisions, verdicts, comments and engagement, and nothing more the second time", async () => {
    const first = await seedDemoHistory(posts, FIXED_START);
    expect(first.seeded).toEqual({ decisions: true, engagement: true });
    const after = await counts();
    expect(first.counts.approvals).toBeGreaterThan(40);
    expect(first.counts.rejections).toBeGreaterThan(3);
    expect(first.counts.verdicts).toBeGreaterThan(15);
    expect(first.counts.comments).toBeGreaterThan(5);
    expect(after.audit).toBe(first.counts.decisions);
    expect(after.verdicts).toBe(first.counts.verdicts);
    expect(after.comments).toBe(first.counts.comments);
    // Every verdict and comment is in the audit trail too, as when a person gives one.
    expect(after.events).toBe(first.counts.verdicts + first.counts.comments);
    expect(after.snapshots).toBe(first.counts.snapshots);

    const again = await seedDemoHistory(posts, FIXED_START + 60_000);
    expect(again.seeded).toEqual({ decisions: false, engagement: false });
    expect(await counts()).toEqual(after);
  });

  it("reads as the demo people's work over the last 30 days", async () => {
    const { items } = await listAudit({}, { limit: 200, offset: 0 });
    const people = new Set(DEMO_USERS.map((u) => u.email));
    expect(items.every((i) => people.has(i.user_email) && i.http_status === 200)).toBe(true);
    expect(items.every((i) => Date.parse(i.at) <= FIXED_START && Date.parse(i.at) > FIXED_START - 31 * DAY)).toBe(true);
    const rejections = items.filter((i) => i.action === "reject");
    expect(rejections.every((i) => i.reason && i.reason_category && i.status_after === "CANCELED")).toBe(true);
    expect(new Set(rejections.map((i) => i.reason_category)).size).toBeGreaterThan(2);
    // Spread over the month, not one afternoon.
    expect(new Set(items.map((i) => i.at.slice(0, 10))).size).toBeGreaterThan(20);
    const events = await listAuditEvents({}, { limit: 200, offset: 0 });
    expect(new Set(events.items.map((e) => e.kind))).toEqual(new Set(["verdict.given", "comment.created"]));
  });

  it("gives a campaign's trend a value on every day of the month, and leaves the collector no backfill", async () => {
    const campaign = 101;
    const ids = posts.filter((p) => p.campaign_id === campaign && p.status === "PUBLISHED").map((p) => p.task_id);
    const samples = await db().selectFrom("metric_snapshots").select(["task_id", "metric_type", "value", "collected_at"]).where("campaign_id", "=", campaign).where("platform", "=", "TOTAL").execute();
    const to = new Date(FIXED_START).toISOString().slice(0, 10);
    const from = new Date(FIXED_START - 29 * DAY).toISOString().slice(0, 10);
    const [views] = dailyTotals(samples, ids, ["VIEWS"], daysOf(from, to), "UTC");
    expect(views?.points.filter((p) => p.value !== null).length).toBeGreaterThanOrEqual(29);
    const pending = await db().selectFrom("metric_collector_items").select("key").where("kind", "=", "history").where("next_due_at", "is not", null).execute();
    expect(pending).toEqual([]);
  });
});
