import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, call, cookieFor, errorOf, ORIGIN, startHarness, WEBHOOK_SECRET, type Harness } from "@/app/api/_tests/harness";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { POST as webhook } from "@/app/api/webhooks/post/route";
import { service } from "@/lib/server/upstream-service";
import { revokeSessions } from "@/lib/server/auth/session-store";
import { publishEvent, type DashboardEvent } from "@/lib/server/events";
import { eventsHandler, type StreamOptions } from "@/lib/server/events/stream";
import { withSession } from "@/lib/server/route";
import { sseReader, type SseReader } from "@/test/sse";
import { GET } from "./route";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const POST_EVENT: DashboardEvent = { type: "post", task_id: 7, campaign_id: 3, status: "APPROVED", reason: "decision" };

/** A stream as a browser tab opens it: the person's cookie and an abort signal for closing the tab. */
async function open(o: { email?: string; query?: string; lastEventId?: string; handler?: Partial<StreamOptions> } = {}) {
  const controller = new AbortController();
  const headers = new Headers({ cookie: await cookieFor("reviewer", o.email ?? "reviewer@example.com") });
  if (o.lastEventId) headers.set("last-event-id", o.lastEventId);
  const req = new NextRequest(new URL(`/api/events${o.query ?? ""}`, ORIGIN), { headers, signal: controller.signal });
  const route = o.handler ? withSession(eventsHandler(o.handler)) : GET;
  const res = await route(req, { params: Promise.resolve({}) });
  return { res, abort: () => controller.abort() };
}

/**
 * Milliseconds since the call, less the time this process was not running (a 10 ms ticker's turns
 * more than 50 ms late): on a busy machine the process may wait seconds for a core, which is no
 * slowness of the stream's checks, and its own timers are as late as the ticker.
 */
function runningTime(): () => number {
  const start = performance.now();
  let last = start;
  let stalled = 0;
  const note = () => {
    const now = performance.now();
    stalled += Math.max(0, now - last - 50);
    last = now;
    return now;
  };
  const ticker = setInterval(note, 10);
  return () => {
    clearInterval(ticker);
    return note() - start - stalled;
  };
}

async function hello(reader: SseReader) {
  const retry = await reader.next();
  expect(retry.retry).toBe(3000);
  const first = await reader.next();
  expect(first.event).toBe("hello");
  return first;
}

describe("GET /api/events", () => {
  it("refuses a signed-out request with the 401 envelope", async () => {
    const res = await call(GET, "/api/events");
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
  });

  it("streams unbuffered, says whether notifications are arriving, and delivers a published event with its id", async () => {
    const { res, abort } = await open({ email: "deliver@example.com" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const reader = sseReader(res);
    const first = await hello(reader);
    // A secret alone is not enough: pages poll slowly only once a notification has been seen.
    expect(JSON.parse(first.data ?? "")).toEqual({ notifications: false });

    publishEvent(POST_EVENT);
    const got = await reader.until((b) => b.data !== undefined);
    expect(got.event).toBeUndefined();
    expect(got.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(got.data ?? "")).toEqual(POST_EVENT);
    abort();

    publishEvent({ type: "post", task_id: 7, campaign_id: 3, reason: "webhook" });
    const again = await open({ email: "deliver@example.com" });
    expect(JSON.parse((await hello(sseReader(again.res))).data ?? "")).toEqual({ notifications: Boolean(WEBHOOK_SECRET) });
    again.abort();
  });

  it("sends a heartbeat comment between events", async () => {
    const { res, abort } = await open({ email: "beat@example.com", handler: { heartbeatMs: 40 } });
    const reader = sseReader(res);
    await hello(reader);
    const beat = await reader.next(1_000);
    expect(beat.comment).toMatch(/^\d+$/);
    expect(beat.data).toBeUndefined();
    abort();
  });

  it("replays what a reconnecting tab missed after its last event id, and says resync when the id is unknown here", async () => {
    const first = await open({ email: "resume@example.com" });
    const reader = sseReader(first.res);
    const start = await hello(reader);
    first.abort();
    const missed: DashboardEvent[] = [
      { type: "campaign", campaign_id: 3, reason: "webhook" },
      { type: "bulk", job_id: 9, campaign_id: 3, status: "running", ok: 1, failed: 0, total: 4 },
    ];
    missed.forEach(publishEvent);

    const again = await open({ email: "resume@example.com", lastEventId: start.id });
    const r2 = sseReader(again.res);
    await hello(r2);
    expect(JSON.parse((await r2.next()).data ?? "")).toEqual(missed[0]);
    expect(JSON.parse((await r2.next()).data ?? "")).toEqual(missed[1]);
    again.abort();

    const lost = await open({ email: "resume@example.com", query: "?last_event_id=not-known-here" });
    const r3 = sseReader(lost.res);
    await hello(r3);
    expect((await r3.next()).event).toBe("resync");
    lost.abort();
  });

  it("answers too_many_streams beyond six open streams of one person, and frees a slot when a tab closes", async () => {
    const email = "tabs@example.com";
    const tabs = [];
    for (let i = 0; i < 6; i++) {
      const tab = await open({ email });
      expect(tab.res.status).toBe(200);
      tabs.push(tab);
    }
    const seventh = await open({ email });
    expect(seventh.res.status).toBe(429);
    expect((await errorOf(seventh.res)).code).toBe("too_many_streams");
    expect(seventh.res.headers.get("retry-after")).toBe("30");
    // Someone else is not affected.
    const other = await open({ email: "other@example.com" });
    expect(other.res.status).toBe(200);
    other.abort();

    tabs[0]?.abort();
    expect(await sseReader(tabs[0]!.res).ended()).toBe(true);
    const replacement = await open({ email });
    expect(replacement.res.status).toBe(200);
    for (const t of [...tabs, replacement]) t.abort();
  });

  it("ends the stream within a second once the session is ended, with the default checks", async () => {
    const email = "revoked@example.com";
    const { res, abort } = await open({ email });
    const reader = sseReader(res);
    await hello(reader);
    await revokeSessions({ email }, "revoked_by_admin");
    const running = runningTime();
    expect(await reader.ended(10_000)).toBe(true);
    expect(running()).toBeLessThanOrEqual(1_200);
    abort();
  });
});

describe("what feeds the stream", () => {
  type Row = { task_id: number; campaign_id: number; status: string };
  let waiting: Row[];
  const postEvents = (reader: SseReader, taskId: number) =>
    reader.until((b) => b.data !== undefined && (JSON.parse(b.data) as { task_id?: number }).task_id === taskId);
  const list = async (campaignId: number) =>
    ((await (await call(campaignPosts, `/api/campaigns/${campaignId}/posts?status=WAITING_APPROVAL&limit=100`, { role: "editor", params: { id: String(campaignId) } })).json()) as {
      data: { posts: Row[] };
    }).data.posts;

  beforeAll(async () => {
    // A campaign with many posts waiting, an active one where there is: the world moves with the
    // clock, and the first waiting post's campaign had one left on some days.
    const ex = (await (await admin(h.simUrl, "examples")).json()) as { campaigns_with_many_waiting: { id: number; status: string }[] };
    const campaign = ex.campaigns_with_many_waiting.find((c) => c.status === "ACTIVE") ?? ex.campaigns_with_many_waiting[0];
    expect(campaign, "a campaign with many posts waiting").toBeDefined();
    waiting = await list(campaign!.id);
    expect(waiting.length).toBeGreaterThanOrEqual(3);
  });

  it("a decision: the post with its new status, and its campaign", async () => {
    const { res, abort } = await open({ email: "watch-decision@example.com" });
    const reader = sseReader(res);
    await hello(reader);
    const p = waiting[0] as Row;
    const decided = await call(approve, `/api/posts/${p.task_id}/approve`, { method: "POST", role: "editor", params: { id: String(p.task_id) }, body: {} });
    expect(decided.status).toBe(200);
    const got = JSON.parse((await postEvents(reader, p.task_id)).data ?? "");
    expect(got).toMatchObject({ type: "post", task_id: p.task_id, campaign_id: p.campaign_id, reason: "decision" });
    expect(got.status).not.toBe("WAITING_APPROVAL");
    expect(JSON.parse((await reader.next()).data ?? "")).toEqual({ type: "campaign", campaign_id: p.campaign_id, reason: "decision" });
    abort();
  });

  it("a webhook notification: the post and its campaign", async () => {
    const { res, abort } = await open({ email: "watch-webhook@example.com" });
    const reader = sseReader(res);
    await hello(reader);
    const [post] = (await (await call(campaignPosts, `/api/campaigns/${waiting[1]?.campaign_id}/posts?limit=1`, { role: "editor", params: { id: String(waiting[1]?.campaign_id) } })).json()).data.posts as Row[];
    const sent = await call(webhook, "/api/webhooks/post", { method: "POST", body: { ...post, status: "FAILED" }, headers: { authorization: `Bearer ${WEBHOOK_SECRET}`, "x-no-origin": "1" } });
    expect(sent.status).toBe(202);
    expect(JSON.parse((await postEvents(reader, post!.task_id)).data ?? "")).toEqual({ type: "post", task_id: post!.task_id, campaign_id: post!.campaign_id, status: "FAILED", reason: "webhook" });
    expect(JSON.parse((await reader.next()).data ?? "")).toEqual({ type: "campaign", campaign_id: post!.campaign_id, reason: "webhook" });
    abort();
  });

  it("one refresh of a list from the upstream reaches every open page", async () => {
    const p = waiting[2] as Row;
    await list(p.campaign_id); // the view as pages have it
    const pages = [await open({ email: "page-a@example.com" }), await open({ email: "page-b@example.com" })];
    const readers = pages.map((x) => sseReader(x.res));
    for (const r of readers) await hello(r);
    // Changed upstream, outside the dashboard; then the list's time is up and one page polls.
    await admin(h.simUrl, `posts/${p.task_id}/status`, { status: "CANCELED" });
    await service.invalidatePost(-1, p.campaign_id);
    expect((await list(p.campaign_id)).map((x) => x.task_id)).not.toContain(p.task_id);
    for (const r of readers) {
      expect(JSON.parse((await postEvents(r, p.task_id)).data ?? "")).toEqual({ type: "post", task_id: p.task_id, campaign_id: p.campaign_id, status: "CANCELED", reason: "refresh" });
    }
    pages.forEach((x) => x.abort());
  });
});
