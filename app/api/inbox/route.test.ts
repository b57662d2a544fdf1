import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as inbox } from "@/app/api/inbox/route";
import { POST as webhook } from "@/app/api/webhooks/post/route";
import { admin, call, errorOf, fillMirrors, startHarness, WEBHOOK_SECRET, type Harness } from "@/app/api/_tests/harness";
import { Inbox, type InboxPost } from "@/lib/schemas";
import { systemClock, type Clock } from "@/lib/server/gateway/clock";
import { inboxConfigFromEnv, resetInboxForTests } from "@/lib/server/inbox";
import { plannedMs, urgencyOf } from "@/lib/server/inbox/urgency";
import { resetServiceForTests, service } from "@/lib/server/upstream-service";

/**
 * GET /api/inbox against the real simulator (frozen world time). The
 * dashboard's clock runs an hour before the soonest waiting post, so that
 * every urgency occurs; an upstream post set back to waiting after its time
 * passed is overdue.
 */
type SimPost = { task_id: number; campaign_id: number; status: string; published_at: string | null };
type SimCampaign = { id: number; project_id: number; status: string };

let h: Harness;
let clock: Clock;
let overdueId: number;
const HOUR = 3_600_000;

async function sim<T>(path: string): Promise<T> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/${path}`, { headers: { Authorization: "Bearer demo-key" } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The upstream's own view: every waiting post of every active or frozen campaign. */
async function upstreamWaiting(): Promise<{ campaigns: SimCampaign[]; posts: SimPost[] }> {
  const { campaigns } = await sim<{ campaigns: SimCampaign[] }>("campaigns/?status=ACTIVE,FROZEN");
  const lists = await Promise.all(campaigns.map((c) => sim<{ posts: SimPost[] }>(`campaigns/${c.id}/posts/?status=WAITING_APPROVAL&limit=100`)));
  return { campaigns, posts: lists.flatMap((l) => l.posts) };
}

async function get(query = "", role: "editor" | "reviewer" | "manager" | "admin" = "editor") {
  const res = await call(inbox, `/api/inbox${query}`, { role });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: unknown; meta: { stale: boolean } };
  return { data: Inbox.parse(body.data), meta: body.meta };
}

async function everything(query = ""): Promise<InboxPost[]> {
  const out: InboxPost[] = [];
  for (let offset = 0; ; offset += 100) {
    const { data } = await get(`?limit=100&offset=${offset}${query}`);
    out.push(...data.posts);
    if (out.length >= data.total) return out;
  }
}

async function notify(taskId: number): Promise<void> {
  const post = await sim<Record<string, unknown>>(`posts/${taskId}/`);
  const res = await call(webhook, "/api/webhooks/post", { method: "POST", headers: { authorization: `Bearer ${WEBHOOK_SECRET}`, "x-no-origin": "1" }, body: post });
  expect(res.status).toBe(202);
}

beforeAll(async () => {
  h = await startHarness();
  const { posts } = await upstreamWaiting();
  const soonest = Math.min(...posts.flatMap((p) => (p.published_at ? [Date.parse(p.published_at)] : [])));
  const shift = soonest - HOUR - Date.now();
  clock = { ...systemClock, now: () => Date.now() + shift };
  resetServiceForTests({ gateway: { clock } });
  resetInboxForTests({ service, clock, config: inboxConfigFromEnv() });
  // A post published upstream, sent back for approval outside the API: its time has passed. The
  // oldest one published, not the newest (the lists' default order): a post published less than an
  // hour before the soonest waiting one is not yet overdue at the clock above, which failed a run
  // at one time of day.
  const campaigns = (await upstreamWaiting()).campaigns.map((c) => c.id);
  const oldest = await Promise.all(campaigns.map((id) => sim<{ posts: SimPost[] }>(`campaigns/${id}/posts/?status=PUBLISHED&sort=publish_at&limit=1`)));
  const published = oldest.flatMap((l) => l.posts).filter((p) => p.published_at !== null);
  published.sort((a, b) => Date.parse(a.published_at ?? "") - Date.parse(b.published_at ?? ""));
  overdueId = published[0]?.task_id ?? 0;
  expect(overdueId, "a published post to send back for approval").toBeGreaterThan(0);
  await admin(h.simUrl, `posts/${overdueId}/status`, { status: "WAITING_APPROVAL" });
  // A fresh install: the inbox answers at once (never 503), lists no post and says every campaign is
  // still loading; it reads no campaign's posts itself. Then filled as the scheduler would.
  const cold = await get();
  expect([cold.data.posts, cold.data.loading, cold.meta.stale]).toEqual([[], campaigns.length, false]);
  await fillMirrors();
  expect((await get()).data.loading).toBe(0);
});

afterAll(async () => {
  resetInboxForTests();
  await h.close();
});

describe("GET /api/inbox", () => {
  it("lists every waiting post of every active or frozen campaign, as the upstream's own lists do, soonest first", async () => {
    const [posts, upstream] = [await everything(), await upstreamWaiting()];
    expect(posts.map((p) => p.task_id).sort()).toEqual(upstream.posts.map((p) => p.task_id).sort());
    expect(posts.every((p) => p.status === "WAITING_APPROVAL")).toBe(true);
    const times = posts.map((p) => plannedMs(p) ?? Infinity);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(posts[0]?.task_id).toBe(overdueId);
  });

  it("marks urgency from the planned time: overdue, due within 2 h, later today, later", async () => {
    const before = clock.now();
    const posts = await everything();
    const after = clock.now();
    const due = inboxConfigFromEnv().dueSoonMs;
    for (const p of posts) expect([urgencyOf(plannedMs(p), before, due), urgencyOf(plannedMs(p), after, due)]).toContain(p.urgency);
    expect(new Set(posts.map((p) => p.urgency))).toEqual(new Set(["overdue", "due_2h", "later", ...(posts.some((p) => p.urgency === "today") ? ["today"] : [])]));
    const { data } = await get();
    expect(data.thresholds).toEqual({ due_soon_minutes: 120 });
  });

  it("filters by campaign, project, type and urgency; pages with a total that does not depend on the page", async () => {
    const all = await everything();
    const { campaigns } = (await get()).data;
    const [a, b] = campaigns.filter((c) => c.waiting > 0);
    if (!a || !b) throw new Error("need two campaigns with waiting posts");
    const two = await everything(`&campaign_id=${a.id},${b.id}`);
    expect(two.map((p) => p.task_id)).toEqual(all.filter((p) => p.campaign_id === a.id || p.campaign_id === b.id).map((p) => p.task_id));
    const project = await everything(`&project_id=${a.project_id}`);
    const inProject = new Set(campaigns.filter((c) => c.project_id === a.project_id).map((c) => c.id));
    expect(project.map((p) => p.task_id)).toEqual(all.filter((p) => inProject.has(p.campaign_id)).map((p) => p.task_id));
    const typed = await everything("&type=IMAGE,VIDEO");
    expect(typed.map((p) => p.task_id)).toEqual(all.filter((p) => p.post_type === "IMAGE" || p.post_type === "VIDEO").map((p) => p.task_id));
    const urgent = await everything("&urgency=overdue,due_2h");
    expect(urgent.map((p) => p.task_id)).toEqual(all.filter((p) => p.urgency === "overdue" || p.urgency === "due_2h").map((p) => p.task_id));
    expect(urgent.length).toBeGreaterThanOrEqual(2);
    const page = (await get("?limit=5&offset=5")).data;
    expect(page.posts.map((p) => p.task_id)).toEqual(all.slice(5, 10).map((p) => p.task_id));
    expect([page.total, page.limit, page.offset]).toEqual([all.length, 5, 5]);
    expect((await get("?limit=5&offset=5&campaign_id=" + a.id)).data.campaigns).toHaveLength(campaigns.length);
    expect((await get(`?offset=${all.length}`)).data.posts).toEqual([]);
  });

  it("lists every active or frozen campaign with its waiting count, earliest deadline and how fresh it is, whatever the filters", async () => {
    const upstream = await upstreamWaiting();
    const { data, meta } = await get("?campaign_id=999999&urgency=overdue");
    expect(data.posts).toEqual([]);
    expect(data.campaigns.map((c) => c.id).sort()).toEqual(upstream.campaigns.map((c) => c.id).sort());
    for (const c of data.campaigns) {
      const mine = upstream.posts.filter((p) => p.campaign_id === c.id);
      expect(c.waiting, `campaign ${c.id}`).toBe(mine.length);
      const soonest = Math.min(...mine.flatMap((p) => (p.published_at ? [Date.parse(p.published_at)] : [])));
      expect(c.earliest_planned_at ? Date.parse(c.earliest_planned_at) : Infinity).toBe(soonest);
      expect(c.refreshed_at).not.toBeNull();
      expect(clock.now() - Date.parse(c.refreshed_at as string)).toBeLessThan(130_000);
    }
    expect(meta.stale).toBe(false);
  });

  it("every role may read it; without a session it is 401 in the envelope", async () => {
    for (const role of ["reviewer", "manager", "admin"] as const) expect((await get("?limit=1", role)).data.limit).toBe(1);
    const res = await call(inbox, "/api/inbox");
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
  });

  it("answers bad input with a validation_error naming the parameter, and ignores unknown parameters", async () => {
    for (const [query, name] of [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["offset=-1", "offset"],
      ["urgency=soon", "urgency"],
      ["campaign_id=abc", "campaign_id"],
      ["project_id=0", "project_id"],
      ["type=image", "type"],
    ]) {
      const res = await call(inbox, `/api/inbox?${query}`, { role: "editor" });
      expect(res.status, query).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_error");
      expect(error.message).toContain(name);
    }
    expect((await get("?sort=whatever&foo=bar")).data.limit).toBe(50);
  });

  it("shows a change notified by webhook at once, before any poll", async () => {
    const waiting = (await get("?limit=1")).data.posts[1] ?? (await get()).data.posts[0];
    if (!waiting) throw new Error("no waiting post");
    await admin(h.simUrl, `posts/${waiting.task_id}/status`, { status: "CANCELED" });
    await notify(waiting.task_id);
    expect((await everything()).map((p) => p.task_id)).not.toContain(waiting.task_id);
    await admin(h.simUrl, `posts/${waiting.task_id}/status`, { status: "WAITING_APPROVAL" });
    await notify(waiting.task_id);
    expect((await everything()).map((p) => p.task_id)).toContain(waiting.task_id);
  });
});
