import "server-only";
import type { Kysely } from "kysely";
import { dailyTotals, dayEndMs, daysOf } from "@/lib/analytics/engagement-trends";
import { metricColumns } from "@/lib/analytics/engagement";
import type { DataResponse } from "@/lib/api/envelope";
import { postsOfPeriod } from "@/lib/analytics/posts-in-period";
import type { Post } from "@/lib/schemas";
import type { CampaignTrendPosts, CampaignTrends, TrendPostRow } from "@/lib/schemas/trends";
import type { Database } from "@/lib/server/db";
import type { Priority } from "@/lib/server/gateway/gateway";
import type { Service } from "@/lib/server/service/service";
import { DEFAULT_TIME_ZONE, startOfDay } from "@/lib/time/zone";
import { PUBLISHED } from "./collector";
import { iso, LOOKED_FOR_MS, PRIORITY, listItem, promotePosts, TOTAL, totalsOf, upsertPosts } from "./store";

/*
 * What pages read from the time series. A trend costs no upstream call once
 * the collector has listed the campaign (its posts come from the work list);
 * the per-post table takes the post texts from the service's published-posts
 * view, the same cached view the collector keeps in sync. A post either
 * page learns of that the collector did not know is registered (and the
 * collector woken), so the next look finds it collected.
 */
export type ReadDeps = {
  service: Pick<Service, "campaignPosts" | "postEngagement" | "postEngagementHistory" | "campaignEngagement">;
  db: Kysely<Database>;
  now: () => number;
  /** A page registered posts: the collector looks at its work list now. */
  wake?: () => void;
};

/** Midnight starting `day` in the reader's time zone, as UTC ISO text. */
const dayStartIso = (day: string, timeZone = DEFAULT_TIME_ZONE) => iso(startOfDay(day, timeZone).getTime());

/** The campaign's published posts from `fromIso` on, newest first, from the service's cached view (registered for collection). */
async function viewPosts(d: ReadDeps, campaignId: number, fromIso: string, priority: Priority): Promise<Post[]> {
  const all: Post[] = [];
  for (let offset = 0; ; ) {
    const r = await d.service.campaignPosts(campaignId, { status: [...PUBLISHED], sort: "-publish_at", limit: 100, offset }, priority);
    all.push(...r.data.posts);
    offset += r.data.posts.length;
    const last = r.data.posts.at(-1);
    // Newest first: past the period's start, later pages hold nothing of it.
    if (r.data.posts.length === 0 || offset >= r.data.total || (last?.published_at && iso(Date.parse(last.published_at)) < fromIso)) break;
  }
  const published = all.filter((p) => p.published_at !== null && (PUBLISHED as readonly string[]).includes(p.status));
  await upsertPosts(d.db, published, d.now());
  d.wake?.();
  return postsOfPeriod(published, fromIso);
}

/**
 * When the collector last read each post's current values (its `post:<id>` item), whatever came back:
 * a post just published may have no metrics reported yet, which is "collected, nothing reported", not "missing".
 */
export async function postsReadAt(db: ReadDeps["db"], ids: readonly number[]): Promise<Map<number, string>> {
  const read = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 200) {
    const rows = await db
      .selectFrom("metric_collector_items")
      .select(["task_id", "last_collected_at"])
      .where("kind", "=", "post")
      .where("last_collected_at", "is not", null)
      .where("task_id", "in", ids.slice(i, i + 200))
      .execute();
    for (const r of rows) if (r.task_id !== null && r.last_collected_at) read.set(r.task_id, r.last_collected_at);
  }
  return read;
}

/**
 * The posts of the period, [fromIso, endIso), newest first: the one definition
 * (lib/analytics/posts-in-period.ts) over the campaign's mirror (the service's
 * view, registered for collection), for the count, the trend, the per-post
 * table and their CSVs alike. The collector's own work list lags the mirror by
 * its listing cadence, and the upstream's count by more: neither is counted, so
 * «Постов в периоде» and «Учтено постов: … из N» always name the same N.
 */
export async function periodPosts(d: ReadDeps, campaignId: number, fromIso: string, endIso: string | undefined, priority: Priority): Promise<Post[]> {
  return postsOfPeriod(await viewPosts(d, campaignId, fromIso, priority), fromIso, endIso);
}

/** The ids of the period's posts (periodPosts), and when the collector last listed the campaign. */
export async function periodPostIds(d: ReadDeps, campaignId: number, fromIso: string, endIso: string | undefined, priority: Priority) {
  const [posts, listed] = await Promise.all([periodPosts(d, campaignId, fromIso, endIso, priority), listItem(d.db, `campaign:${campaignId}`)]);
  return { ids: posts.map((p) => p.task_id), listedAt: listed?.last_collected_at ?? null };
}

/** Posts a minute whose history the scheduler reads for a trend someone waits for, before it has shown its pace. */
const ASSUMED_POSTS_PER_MINUTE = 3;
const PACE_WINDOW_MS = 5 * 60_000;

/**
 * Minutes until the pending history is in: at the pace these posts' history
 * came in over the last five minutes (the scheduler reads a waited-for trend first, with
 * the minute's spare reads), or an assumed pace before any came in.
 */
async function minutesLeft(d: ReadDeps, ids: readonly number[], pending: number): Promise<number> {
  let done = 0;
  let first = Infinity;
  const now = d.now();
  for (let i = 0; i < ids.length; i += 200) {
    const r = await d.db
      .selectFrom("metric_collector_items")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("last_collected_at").as("first")])
      .where("kind", "=", "history")
      .where("next_due_at", "is", null)
      .where("last_collected_at", ">=", iso(now - PACE_WINDOW_MS))
      .where("task_id", "in", ids.slice(i, i + 200))
      .executeTakeFirst();
    done += Number(r?.n ?? 0);
    if (r?.first) first = Math.min(first, Date.parse(r.first));
  }
  // Over the time since the first of them came in (at least a minute), not the whole window.
  const perMinute = done > 0 ? done / Math.max(1, (now - first) / 60_000) : ASSUMED_POSTS_PER_MINUTE;
  return Math.max(1, Math.ceil(pending / perMinute));
}

export async function campaignTrends(d: ReadDeps, campaignId: number, from: string, to: string, priority: Priority, timeZone = DEFAULT_TIME_ZONE): Promise<DataResponse<CampaignTrends>> {
  const fromIso = dayStartIso(from, timeZone);
  const endIso = iso(dayEndMs(to, timeZone));
  const { ids, listedAt } = await periodPostIds(d, campaignId, fromIso, endIso, priority);
  const samples = await totalsOf(d.db, ids, endIso);
  const withData = new Set(samples.map((s) => s.task_id));
  const readAt = await postsReadAt(d.db, ids);
  const series = dailyTotals(samples, ids, metricColumns(samples.map((s) => s.metric_type)), daysOf(from, to), timeZone);
  const pending =
    ids.length === 0
      ? 0
      : Number(
          (
            await d.db
              .selectFrom("metric_collector_items")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("kind", "=", "history")
              .where("next_due_at", "is not", null)
              .where("task_id", "in", ids)
              .executeTakeFirst()
          )?.n ?? 0,
        );
  if (pending > 0) {
    // Someone is looking at this campaign's trend: its posts' history goes ahead of other campaigns' backfill
    // (still behind every post's current reading), so its early days fill first. Same pacing, same share.
    await d.db
      .updateTable("metric_collector_items")
      .set({ priority: PRIORITY.historyLookedAt, looked_until: iso(d.now() + LOOKED_FOR_MS) })
      .where("kind", "=", "history")
      .where("priority", "in", [PRIORITY.history, PRIORITY.historyLookedAt])
      .where("next_due_at", "is not", null)
      .where("task_id", "in", ids)
      .execute();
    d.wake?.();
  }
  const historyMinutesLeft = pending > 0 ? await minutesLeft(d, ids, pending) : 0;
  const newest = samples.reduce<string | null>((m, s) => (m === null || s.collected_at > m ? s.collected_at : m), null);
  return {
    data: {
      campaign_id: campaignId,
      from,
      to,
      series,
      postsInPeriod: ids.length,
      missing: ids.filter((id) => !withData.has(id) && !readAt.has(id)),
      historyPending: pending,
      historyMinutesLeft,
      listedAt,
    },
    meta: { stale: false, fetchedAt: newest ?? iso(d.now()) },
  };
}

/** Every published post of the period with its newest values from the time series; the ones with none are named. */
export async function campaignTrendPosts(d: ReadDeps, campaignId: number, from: string, priority: Priority, timeZone = DEFAULT_TIME_ZONE): Promise<DataResponse<CampaignTrendPosts>> {
  const posts = await periodPosts(d, campaignId, dayStartIso(from, timeZone), undefined, priority);
  const ids = posts.map((p) => p.task_id);
  const latest = new Map<number, TrendPostRow["metrics"]>();
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    const rows = await d.db
      .selectFrom("metric_snapshots as s")
      .innerJoin(
        (eb) =>
          eb
            .selectFrom("metric_snapshots")
            .select(["task_id", "metric_type", (x) => x.fn.max("collected_at").as("at")])
            .where("platform", "=", TOTAL)
            .where("task_id", "in", chunk)
            .groupBy(["task_id", "metric_type"])
            .as("l"),
        (join) => join.onRef("l.task_id", "=", "s.task_id").onRef("l.metric_type", "=", "s.metric_type").onRef("l.at", "=", "s.collected_at"),
      )
      .select(["s.task_id", "s.metric_type", "s.value", "s.collected_at"])
      .where("s.platform", "=", TOTAL)
      .execute();
    for (const r of rows) {
      const m = latest.get(r.task_id) ?? {};
      m[r.metric_type] = { value: r.value, collectedAt: r.collected_at };
      latest.set(r.task_id, m);
    }
  }
  const readAt = await postsReadAt(d.db, ids);
  const rows: TrendPostRow[] = posts.map((p) => {
    const metrics = latest.get(p.task_id) ?? {};
    const times = Object.values(metrics).map((m) => m.collectedAt);
    // A post read with nothing reported says when it was read; only a post never read is missing.
    const read = readAt.get(p.task_id);
    if (times.length === 0 && read) times.push(read);
    return { task_id: p.task_id, text: p.text, published_at: p.published_at, metrics, collectedAt: times.length ? times.reduce((a, b) => (b > a ? b : a)) : null };
  });
  const missing = rows.filter((r) => r.collectedAt === null).map((r) => r.task_id);
  // Someone is waiting for these: the collector reads them before any other post's (the page itself reads only a few).
  if (missing.length > 0 && (await promotePosts(d.db, missing, d.now())) > 0) d.wake?.();
  return {
    data: { campaign_id: campaignId, from, posts: rows, missing },
    meta: { stale: false, fetchedAt: iso(d.now()) },
  };
}
