import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { GET as trends } from "@/app/api/campaigns/[id]/trends/route";
import { GET as trendPosts } from "@/app/api/campaigns/[id]/engagement/posts/route";
import { GET as postEngagement } from "@/app/api/posts/[id]/engagement/route";
import { GET as postHistory } from "@/app/api/posts/[id]/engagement/history/route";
import { GET as campaignTotals } from "@/app/api/campaigns/[id]/engagement/route";
import type { CampaignEngagement, EngagementHistory } from "@/lib/schemas";
import { calendarDay, shiftDay } from "@/lib/analytics/dates";
import type { CampaignTrendPosts, CampaignTrends } from "@/lib/schemas/trends";
import { Collector, DEFAULT_COLLECTOR_CONFIG } from "@/lib/server/collector/collector";
import { readDeps } from "@/lib/server/collector/deps";
import { postEngagementSnapshot } from "@/lib/server/collector/post-reads";
import { PRIORITY } from "@/lib/server/collector/store";
import { db } from "@/lib/server/db";
import { FakeClock } from "@/test/support/fake-clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import { createService } from "@/lib/server/service/service";
import * as upstream from "@/lib/server/upstream";

/*
 * The trend and the complete per-post table, over HTTP against the real
 * simulator (world frozen) and a real SQLite file, compared with the
 * upstream's own answers: its campaign totals for the same `since`, its
 * per-post engagement, its published list.
 */
let h: Harness;
let campaignId: number;
const today = calendarDay(new Date());
const from = shiftDay(today, -30);

async function up<T>(path: string): Promise<T> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/${path}`, { headers: { Authorization: "Bearer demo-key" } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function data<T>(res: Response): Promise<T> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const postsOf = (id: number) => call(trendPosts, `/api/campaigns/${id}/engagement/posts?from=${from}`, { role: "manager", params: { id: String(id) } });
const trendOf = (id: number, q = `from=${from}&to=${today}`) => call(trends, `/api/campaigns/${id}/trends?${q}`, { role: "manager", params: { id: String(id) } });

/** Runs a collector of its own (fake clock, no pacing to speak of) until nothing is due. */
async function collectAll(): Promise<void> {
  const clock = new FakeClock(Date.now());
  const service = createService(createGateway({ clock, limits: { readsPerMinute: 100_000, writesPerMinute: 30, requestsPerHour: 1_000_000 } }), upstream);
  const c = new Collector({ service, db: db(), clock, config: { ...DEFAULT_COLLECTOR_CONFIG, hourlyBudget: 1_000_000, budgetShare: 1 }, owner: "test" });
  for (let i = 0; i < 5_000; i++) {
    await c.step();
    if (c.lastClaim !== "idle") continue;
    // A read that failed (a busy machine: the harness's client times out after 2 s) is due again after its back-off.
    const retrying = await db().selectFrom("metric_collector_items").select("key").where("failures", ">", 0).where("next_due_at", "is not", null).execute();
    if (retrying.length === 0) return;
    await clock.advance(60_000);
  }
  throw new Error("the collector did not finish");
}

beforeAll(async () => {
  h = await startHarness();
  // The campaign with the most posts published in the period.
  const { campaigns } = await up<{ campaigns: { id: number }[] }>("campaigns/?status=ACTIVE,FROZEN,COMPLETED,DRAFT");
  let best = 0;
  for (const c of campaigns) {
    const e = await up<{ posts_count: number }>(`campaigns/${c.id}/engagement/?since=${from}T00:00:00%2B03:00`);
    if (e.posts_count > best) [best, campaignId] = [e.posts_count, c.id];
  }
  expect(best).toBeGreaterThan(3);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe("campaign trends and the complete per-post table", () => {
  it("answer 401 signed out and 400 validation_error for a bad range, before anything else", async () => {
    expect((await call(trends, `/api/campaigns/${campaignId}/trends?from=${from}`, { params: { id: String(campaignId) } })).status).toBe(401);
    for (const q of ["", "from=yesterday", `from=${today}&to=${from}`, `from=2020-01-01&to=${today}`]) {
      const res = await trendOf(campaignId, q);
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).code).toBe("validation_error");
    }
    const bad = await call(trendPosts, `/api/campaigns/${campaignId}/engagement/posts?from=31-12-2026`, { role: "manager", params: { id: String(campaignId) } });
    expect(bad.status).toBe(400);
    expect((await call(trendPosts, `/api/campaigns/x/engagement/posts?from=${from}`, { role: "manager", params: { id: "x" } })).status).toBe(400);
  });

  it("list every published post of the period, name the ones not collected yet, and once collected match the upstream", async () => {
    // A post published this moment has no metrics reported yet: once read it is "nothing reported", never missing.
    const admin = (path: string, body: unknown) =>
      fetch(`${h.simUrl}/__admin/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const [fresh] = ((await (await admin(`campaigns/${campaignId}/generate`, { count: 1 })).json()) as { created: number[] }).created;
    expect((await admin(`posts/${fresh}/status`, { status: "PUBLISHED" })).status).toBe(200);
    expect((await up<{ metrics: unknown[] }>(`posts/${fresh}/engagement/`)).metrics).toEqual([]);

    const before = await data<CampaignTrendPosts>(await postsOf(campaignId));
    const list = await up<{ posts: { task_id: number; published_at: string | null }[] }>(
      `campaigns/${campaignId}/posts/?status=PUBLISHED,PARTIALLY_PUBLISHED&sort=-publish_at&limit=100`,
    );
    const since = Date.parse(`${from}T00:00:00+03:00`);
    const expected = list.posts.filter((p) => p.published_at && Date.parse(p.published_at) >= since).map((p) => p.task_id);
    expect(before.posts.map((p) => p.task_id)).toEqual(expected);
    expect(before.missing).toEqual(expected); // nothing collected yet: all named, none shown as 0
    expect(before.posts.every((p) => Object.keys(p.metrics).length === 0 && p.collectedAt === null)).toBe(true);
    // Someone is waiting for them: their readings go to the head of the collector's work.
    const promoted = await db().selectFrom("metric_collector_items").select(["task_id", "priority"]).where("kind", "=", "post").execute();
    expect(promoted.filter((p) => p.priority === PRIORITY.postLookedAt).map((p) => p.task_id).sort()).toEqual([...expected].sort());

    // Looking at the trend puts this campaign's history backfill ahead of other campaigns'.
    const early = await data<CampaignTrends>(await trendOf(campaignId));
    expect(early.missing).toEqual(expected);
    expect(early.historyPending).toBe(expected.length);
    // Nothing read yet: minutes left at the assumed pace of three posts a minute.
    expect(early.historyMinutesLeft).toBe(Math.ceil(expected.length / 3));
    expect(early.series.every((s) => s.points.every((p) => p.value === null))).toBe(true);
    const boosted = await db().selectFrom("metric_collector_items").select(["task_id", "priority"]).where("kind", "=", "history").execute();
    expect(boosted.filter((b) => b.priority === PRIORITY.historyLookedAt).map((b) => b.task_id).sort()).toEqual([...expected].sort());

    await collectAll();
    const after = await data<CampaignTrendPosts>(await postsOf(campaignId));
    expect(after.missing).toEqual([]);
    const freshRow = after.posts.find((p) => p.task_id === fresh);
    expect(freshRow?.metrics).toEqual({});
    expect(freshRow?.collectedAt).not.toBeNull();
    for (const row of after.posts) {
      const e = await up<{ metrics: { metric_type: string; value: number; updated_at: string }[] }>(`posts/${row.task_id}/engagement/`);
      const sums: Record<string, number> = {};
      for (const m of e.metrics) sums[m.metric_type] = (sums[m.metric_type] ?? 0) + m.value;
      expect(Object.fromEntries(Object.entries(row.metrics).map(([k, v]) => [k, v.value])), `post ${row.task_id}`).toEqual(sums);
      expect(row.collectedAt).not.toBeNull();
    }

    // The trend: a point per day; the last one is the upstream's own campaign total for the same period.
    const t = await data<CampaignTrends>(await trendOf(campaignId));
    const agg = await up<{ posts_count: number; aggregated: Record<string, { total: number }> }>(`campaigns/${campaignId}/engagement/?since=${from}T00:00:00%2B03:00`);
    expect(t.postsInPeriod).toBe(agg.posts_count);
    expect(t.missing).toEqual([]);
    expect(t.historyPending).toBe(0);
    expect(t.historyMinutesLeft).toBe(0);
    for (const metric of ["VIEWS", "LIKES", "COMMENTS", "REPOSTS", "REACTIONS"]) {
      const s = t.series.find((x) => x.metric === metric);
      expect(s?.points).toHaveLength(31);
      expect(s?.points.at(-1)?.value, metric).toBe(agg.aggregated[metric]?.total);
      // Every value says when it was collected; a day before any post was out is null, never 0.
      for (const p of s?.points ?? []) expect(p.value === null ? p.collectedAt === null && p.posts === 0 : p.collectedAt !== null && p.posts > 0).toBe(true);
    }
    // Views only grow: the daily totals never go down (posts only join).
    const views = t.series.find((x) => x.metric === "VIEWS")?.points.map((p) => p.value ?? 0) ?? [];
    expect(views).toEqual([...views].sort((a, b) => a - b));
  }, 120_000);

  it("the post's engagement: one snapshot for the post page and the engagement page, served again without an upstream call", async () => {
    const first = await data<CampaignTrendPosts>(await postsOf(campaignId));
    // A post with metrics reported (one published a moment ago may have none yet).
    const id = first.posts.find((p) => Object.keys(p.metrics).length > 0)?.task_id as number;
    expect(id).toBeGreaterThan(0);
    const get = () => call(postEngagement, `/api/posts/${id}/engagement`, { role: "reviewer", params: { id: String(id) } });
    const a = await get();
    const aBody = (await a.json()) as { data: { metrics: unknown[] }; meta: { fetchedAt: string } };
    await fetch(`${h.simUrl}/__admin/stats/reset`, { method: "POST" });
    const b = await get();
    const bBody = (await b.json()) as { data: { metrics: unknown[] }; meta: { fetchedAt: string } };
    expect(bBody.data.metrics.length).toBeGreaterThan(0);
    expect(new Set(bBody.data.metrics.map((m) => JSON.stringify(m)))).toEqual(new Set(aBody.data.metrics.map((m) => JSON.stringify(m))));
    const stats = (await (await fetch(`${h.simUrl}/__admin/stats`)).json()) as { total: number };
    expect(stats.total).toBe(0);
  });

  it("campaign totals and a post's history come from the series once it holds them: the upstream's own figures, no upstream call", async () => {
    const since = `${from}T00:00:00+03:00`;
    const agg = await up<CampaignEngagement>(`campaigns/${campaignId}/engagement/?since=${encodeURIComponent(since)}`);
    const first = await data<CampaignTrendPosts>(await postsOf(campaignId));
    const id = first.posts.find((p) => Object.keys(p.metrics).length > 0)?.task_id as number;
    const upHistory = await up<EngagementHistory>(`posts/${id}/engagement/history/?metric_type=VIEWS&limit=20`);
    await fetch(`${h.simUrl}/__admin/stats/reset`, { method: "POST" });

    const totals = await data<CampaignEngagement>(
      await call(campaignTotals, `/api/campaigns/${campaignId}/engagement?since=${encodeURIComponent(since)}`, { role: "manager", params: { id: String(campaignId) } }),
    );
    expect(totals.posts_count).toBe(agg.posts_count);
    for (const [metric, a] of Object.entries(agg.aggregated)) expect(totals.aggregated[metric]?.total ?? 0, metric).toBe(a.total);

    const history = await data<EngagementHistory>(
      await call(postHistory, `/api/posts/${id}/engagement/history?metric_type=VIEWS&limit=20`, { role: "manager", params: { id: String(id) } }),
    );
    const points = (h: EngagementHistory) => h.datapoints.map((p) => [p.value, Date.parse(p.collected_at)]);
    expect(points(history)).toEqual(points(upHistory));

    const stats = (await (await fetch(`${h.simUrl}/__admin/stats`)).json()) as { total: number };
    expect(stats.total, "no upstream call").toBe(0);
  });

  it("a post's engagement is served from the series within its collection cadence, not read again after 10 minutes", async () => {
    const list = await data<CampaignTrendPosts>(await postsOf(campaignId));
    // A post out for more than a day, with values: collected every 6 h (a week on: daily).
    const old = list.posts.find((p) => p.published_at && Date.now() - Date.parse(p.published_at) > 2 * 86_400_000 && Object.keys(p.metrics).length > 0);
    expect(old).toBeDefined();
    await fetch(`${h.simUrl}/__admin/stats/reset`, { method: "POST" });
    const halfAnHourOn = { ...(await readDeps()), now: () => Date.now() + 30 * 60_000 };
    const r = await postEngagementSnapshot(halfAnHourOn, old!.task_id, "interactive");
    expect(r.data.metrics.length).toBeGreaterThan(0);
    const stats = (await (await fetch(`${h.simUrl}/__admin/stats`)).json()) as { total: number };
    expect(stats.total, "no upstream call").toBe(0);
  });
});
