import { describe, expect, it } from "vitest";
import { UpstreamHttpError, UpstreamUnavailableError } from "@/lib/upstream/errors";
import { FakeClock } from "@/lib/server/gateway/clock";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { createGateway } from "@/lib/server/gateway/gateway";
import { createService, type UpstreamApi } from "./service";
import { FakeUpstream } from "./testing";

const CID = 7;
const WAITING = { status: ["WAITING_APPROVAL" as const] };

function setup(patch: (api: UpstreamApi, fake: FakeUpstream) => Partial<UpstreamApi> = () => ({})) {
  const clock = new FakeClock();
  const fake = new FakeUpstream(clock, CID, 30);
  const base = fake.api();
  const api = { ...base, ...patch(base, fake) };
  const gw = createGateway({ clock, random: () => 0.5 });
  return { clock, fake, gw, service: createService(gw, api) };
}

const ids = (posts: { task_id: number }[]) => posts.map((p) => p.task_id);

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

describe("service: posts lists with incremental sync", () => {
  it("answers identical polls, whatever their spelling, pages and since, from one upstream call", async () => {
    const t = setup();
    const polls = await Promise.all([
      ...Array.from({ length: 20 }, () => t.service.campaignPosts(CID, WAITING)),
      t.service.campaignPosts(CID, { status: ["WAITING_APPROVAL"], sort: "-publish_at", limit: 20, offset: 0 }),
      t.service.campaignPosts(CID, { ...WAITING, limit: 5, offset: 5 }),
      t.service.campaignPosts(CID, { ...WAITING, since: "2020-01-01T00:00:00+03:00" }),
    ]);
    expect(t.fake.count("listCampaignPosts")).toBe(1);
    const expected = t.fake.list({ status: ["WAITING_APPROVAL"], limit: 100 });
    expect(polls[0]?.data.total).toBe(20);
    expect(ids(polls[0]?.data.posts ?? [])).toEqual(ids(expected.posts.slice(0, 20)));
    expect(ids(polls[21]?.data.posts ?? [])).toEqual(ids(expected.posts.slice(5, 10)));
    expect(polls[21]?.data).toMatchObject({ limit: 5, offset: 5, total: 20 });
  });

  it("refreshes with one `since` call: a post approved elsewhere leaves the WAITING_APPROVAL list", async () => {
    const t = setup();
    const first = await t.service.campaignPosts(CID, WAITING);
    const gone = first.data.posts[0]?.task_id as number;
    await t.clock.advance(5000);
    t.fake.setStatus(gone, "APPROVED");
    await t.clock.advance(11_000); // past the 15 s TTL
    const polls = await Promise.all(Array.from({ length: 25 }, () => t.service.campaignPosts(CID, WAITING)));
    expect(t.fake.count("listCampaignPosts")).toBe(2);
    const delta = t.fake.calls.filter((c) => c.op === "listCampaignPosts")[1];
    expect(delta?.query?.since).toBeDefined();
    expect(delta?.query?.status).toHaveLength(10); // all statuses: leavers are seen too
    const after = polls[0]?.data;
    expect(ids(after?.posts ?? [])).not.toContain(gone);
    expect(after?.total).toBe(19);
    expect(ids(after?.posts ?? [])).toEqual(ids(t.fake.list({ status: ["WAITING_APPROVAL"], limit: 20 }).posts));
  });

  it("inserts posts that entered the filter at their place, and answers a browser's `since` from the view", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    await t.clock.advance(16_000);
    const mark = new Date(t.clock.now()).toISOString();
    await t.clock.advance(1000);
    const added = t.fake.addPost("WAITING_APPROVAL");
    t.fake.setStatus(2, "CANCELED");
    await t.clock.advance(15_000);
    const r = await t.service.campaignPosts(CID, { ...WAITING, limit: 100 });
    expect(ids(r.data.posts)).toEqual(ids(t.fake.list({ status: ["WAITING_APPROVAL"], limit: 100 }).posts));
    expect(r.data.posts[0]?.task_id).toBe(added.task_id); // newest publish time first
    const since = await t.service.campaignPosts(CID, { ...WAITING, since: mark });
    expect(ids(since.data.posts)).toEqual([added.task_id]);
    expect(since.data.total).toBe(1);
    expect(t.fake.count("listCampaignPosts")).toBe(2);
  });

  it("falls back to a full refetch when the delta is larger than a page", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    for (let i = 0; i < 101; i++) t.fake.addPost("SCHEDULED");
    await t.clock.advance(16_000);
    const r = await t.service.campaignPosts(CID, WAITING);
    expect(t.fake.count("listCampaignPosts")).toBe(3); // full, delta (too big), full
    expect(r.data.total).toBe(20);
  });
});

describe("service: a slow upstream", () => {
  it("answers a queue poll at once from the expired view while the refresh runs, and the next poll gets it", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    t.fake.setStatus(1, "APPROVED");
    await t.clock.advance(16_000);
    t.fake.latencyMs = 8000;
    let answered = false;
    const poll = t.service.campaignPosts(CID, WAITING).then((r) => ((answered = true), r));
    await t.clock.advance(400);
    expect(answered).toBe(true);
    expect((await poll).meta.stale).toBe(true);
    await t.clock.advance(8000);
    t.fake.latencyMs = 0;
    const next = await t.service.campaignPosts(CID, WAITING);
    expect(next.meta.stale).toBe(false);
    expect(ids(next.data.posts)).not.toContain(1);
    expect(t.fake.count("listCampaignPosts")).toBe(2);
  });
});

describe("service: decisions", () => {
  it("drops what an approve makes stale (the post, latest, campaign detail, engagement) and brings its lists up to date", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    await t.service.post(1);
    await t.service.campaignEngagement(CID, {});
    const result = await t.service.approve(1, CID);
    expect(result).toMatchObject({ task_id: 1, status: "APPROVED", result: "approved_now" });
    await t.service.post(1);
    await t.service.campaignEngagement(CID, {});
    const list = await t.service.campaignPosts(CID, WAITING);
    expect(t.fake.count("getPost")).toBe(2);
    expect(t.fake.count("getCampaignEngagement")).toBe(2);
    expect(t.fake.count("listCampaignPosts")).toBe(1); // the decision's answer said where the post went
    expect(ids(list.data.posts)).not.toContain(1);
    expect(list.meta.stale).toBe(false);
  });

  it("after a reject, finds the campaign on its own when the caller does not say", async () => {
    const t = setup();
    await t.service.post(4);
    await t.service.campaignPosts(CID, WAITING);
    await t.service.reject(4);
    const list = await t.service.campaignPosts(CID, WAITING);
    expect(ids(list.data.posts)).not.toContain(4);
    expect(t.fake.count("listCampaignPosts")).toBe(1);
  });

  it("shows a decision in every list that holds the post while the read budget is spent", async () => {
    const t = setup();
    const all = { status: ["WAITING_APPROVAL" as const, "APPROVED" as const, "PUBLISHED" as const], limit: 100 };
    await t.service.campaignPosts(CID, WAITING);
    await t.service.campaignPosts(CID, all);
    await t.service.approve(2, CID);
    t.gw.budget.pause(t.clock.now() + 60_000);
    const waiting = await t.service.campaignPosts(CID, WAITING);
    const everything = await t.service.campaignPosts(CID, all);
    expect(ids(waiting.data.posts)).not.toContain(2);
    expect(everything.data.posts.find((p) => p.task_id === 2)?.status).toBe("APPROVED");
    expect(everything.data.total).toBe(30);
    expect(t.fake.count("listCampaignPosts")).toBe(2);
    // The next refresh still asks for what changed since before the decision, the post included.
    await t.clock.advance(61_000);
    const refreshed = await t.service.campaignPosts(CID, all);
    expect(refreshed.data.posts.find((p) => p.task_id === 2)?.status).toBe("APPROVED");
    expect(t.fake.calls.filter((c) => c.op === "listCampaignPosts").at(-1)?.query?.since).toBeDefined();
  });

  it("refreshes the campaign's counts after a decision, and serves the last ones, stale, when the budget refuses", async () => {
    const t = setup();
    await t.service.campaign(CID);
    await t.service.approve(1, CID);
    expect((await t.service.campaign(CID)).data.stats.waiting_approval).toBe(19);
    expect(t.fake.count("getCampaign")).toBe(2); // due for a refresh at once
    await t.service.approve(2, CID);
    t.gw.budget.pause(t.clock.now() + 60_000);
    const held = await t.service.campaign(CID);
    expect(held.meta.stale).toBe(true);
    expect(held.data.stats.waiting_approval).toBe(19); // as counted before the second approval
    expect(t.fake.count("getCampaign")).toBe(2);
  });

  it("takes a post's row only from a list still served, never from one a change of unknown outcome expired", async () => {
    const t = setup();
    const approved = { status: ["APPROVED" as const] };
    await t.service.campaignPosts(CID, WAITING);
    await t.service.campaignPosts(CID, approved);
    // The waiting list alone expired (as a change of unknown outcome leaves it); the approved list is served.
    const waitingView = t.gw.peekTagged(`campaign:${CID}:posts`).find(([key]) => key.includes("status=WAITING_APPROVAL&"));
    if (!waitingView) throw new Error("the waiting list is cached");
    waitingView[1].freshUntil = -Infinity;
    await t.service.approve(5, CID);
    const list = await t.service.campaignPosts(CID, approved);
    expect(ids(list.data.posts)).toContain(5);
    expect(t.fake.count("listCampaignPosts")).toBe(3); // the approved list refreshed rather than take the expired list's row
  });

  it("refreshes a list the post should now be in when no list held it", async () => {
    const t = setup();
    const approved = { status: ["APPROVED" as const] };
    await t.service.campaignPosts(CID, approved);
    await t.service.approve(5, CID);
    const list = await t.service.campaignPosts(CID, approved);
    expect(ids(list.data.posts)).toContain(5);
    expect(t.fake.count("listCampaignPosts")).toBe(2);
  });

  it("retries an approve once after a network error", async () => {
    const t = setup();
    t.fake.failNext("approvePost", () => new UpstreamUnavailableError("network", "posts/1/approve"));
    const pending = t.service.approve(1, CID);
    await t.clock.advance(1000);
    expect(await pending).toMatchObject({ result: "approved_now" });
    expect(t.fake.count("approvePost")).toBe(2);

    t.fake.failNext("approvePost", () => new UpstreamUnavailableError("network", "posts/2/approve"), 2);
    const failing = rejection(t.service.approve(2, CID));
    await t.clock.advance(1000);
    expect(await failing).toBeInstanceOf(UpstreamUnavailableError);
    expect(t.fake.count("approvePost")).toBe(4);
  });

  it("never retries a reject", async () => {
    const t = setup();
    t.fake.failNext("rejectPost", () => new UpstreamUnavailableError("network", "posts/1/reject"));
    expect(await rejection(t.service.reject(1, CID))).toBeInstanceOf(UpstreamUnavailableError);
    t.fake.failNext("rejectPost", () => new UpstreamHttpError(502, "", "", "posts/1/reject"));
    expect(await rejection(t.service.reject(1, CID))).toBeInstanceOf(UpstreamHttpError);
    expect(t.fake.count("rejectPost")).toBe(2);
  });

  it("after a write times out, reads the post again and reports success only if it really happened", async () => {
    const timeout = (id: number) => new UpstreamUnavailableError("timeout", `posts/${id}/approve`);
    // The approve lands upstream, but its answer is lost.
    const t = setup((base) => ({
      approvePost: async (id, o) => {
        await base.approvePost(id, o);
        throw timeout(id);
      },
    }));
    await t.service.post(1); // cached as WAITING_APPROVAL: the re-read must not use it
    const r = await t.service.approve(1, CID);
    expect(r).toMatchObject({ task_id: 1, status: "APPROVED", result: "approved_now", recovered: true });
    expect(r.message).toMatch(/повторное чтение/);
    expect(t.fake.count("getPost")).toBe(2);
    expect(t.fake.count("approvePost")).toBe(1); // a timeout is not retried

    // The request never got through: the original failure is reported.
    const u = setup(() => ({ rejectPost: async (id) => Promise.reject(timeout(id)) }));
    const e = await rejection(u.service.reject(3, CID));
    expect(e).toBeInstanceOf(UpstreamUnavailableError);
    expect((e as UpstreamUnavailableError).reason).toBe("timeout");
    expect(u.fake.count("getPost")).toBe(1);
  });

  it("reports a write the budget refuses as BudgetExhaustedError, without calling the upstream", async () => {
    const t = setup();
    t.gw.budget.pause(t.clock.now() + 60_000);
    const e = await rejection(t.service.approve(1, CID));
    expect(e).toBeInstanceOf(BudgetExhaustedError);
    expect((e as BudgetExhaustedError).retryAfterSeconds).toBe(60);
    expect(t.fake.count()).toBe(0);
  });
});

describe("service: post details", () => {
  it("keeps a detail fresh while a synced list vouches for it, and drops it when the list shows a change", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    await t.service.post(1);
    for (let i = 0; i < 8; i++) {
      await t.clock.advance(16_000);
      await t.service.campaignPosts(CID, WAITING);
      await t.service.post(1);
    }
    expect(t.fake.count("getPost")).toBe(1);
    t.fake.setStatus(1, "APPROVED");
    await t.clock.advance(16_000);
    await t.service.campaignPosts(CID, WAITING);
    expect((await t.service.post(1)).data.status).toBe("APPROVED");
    expect(t.fake.count("getPost")).toBe(2);
  });

  it("postFresh always asks the upstream and refreshes the cache", async () => {
    const t = setup();
    await t.service.post(1);
    t.fake.setStatus(1, "CANCELED");
    expect((await t.service.postFresh(1)).status).toBe("CANCELED");
    expect((await t.service.post(1)).data.status).toBe("CANCELED");
    expect(t.fake.count("getPost")).toBe(2);
  });
});
