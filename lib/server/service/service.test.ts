import { describe, expect, it } from "vitest";
import { UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";
import { FakeClock } from "@/test/support/fake-clock";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { createGateway } from "@/lib/server/gateway/gateway";
import { createService, type UpstreamApi } from "./service";
import { mirrorStoreAt } from "@/lib/server/mirror";
import { FakeUpstream } from "@/test/support/fake-upstream";

const CID = 7;
const WAITING = { status: ["WAITING_APPROVAL" as const] };

function setup(patch: (api: UpstreamApi, fake: FakeUpstream) => Partial<UpstreamApi> = () => ({})) {
  const clock = new FakeClock();
  const fake = new FakeUpstream(clock, CID, 30);
  const base = fake.api();
  const api = { ...base, ...patch(base, fake) };
  const gw = createGateway({ clock, random: () => 0.5 });
  return { clock, fake, gw, service: createService(gw, api, { mirror: mirrorStoreAt().store }) };
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

describe("service: lists cut from the campaign mirror", () => {
  it("fills the mirror once (all statuses) and cuts every filter, sort, page and `since` from it", async () => {
    const t = setup();
    const polls = await Promise.all([
      ...Array.from({ length: 20 }, () => t.service.campaignPosts(CID, WAITING)),
      t.service.campaignPosts(CID, { status: ["WAITING_APPROVAL"], sort: "-publish_at", limit: 20, offset: 0 }),
      t.service.campaignPosts(CID, { ...WAITING, limit: 5, offset: 5 }),
      t.service.campaignPosts(CID, { status: ["PUBLISHED"], sort: "created_at", limit: 3 }),
      t.service.campaignPosts(CID, { ...WAITING, since: "2020-01-01T00:00:00+03:00" }),
    ]);
    // One fill, in two reads: the upstream's default list (unknown statuses kept), then the canceled.
    expect(t.fake.count("listCampaignPosts")).toBe(2);
    expect(t.fake.calls[0]?.query?.status).toBeUndefined();
    expect(t.fake.calls[1]?.query?.status).toEqual(["CANCELED"]);
    const expected = t.fake.list({ status: ["WAITING_APPROVAL"], limit: 100 });
    expect(polls[0]?.data.total).toBe(20);
    expect(ids(polls[0]?.data.posts ?? [])).toEqual(ids(expected.posts.slice(0, 20)));
    expect(ids(polls[21]?.data.posts ?? [])).toEqual(ids(expected.posts.slice(5, 10)));
    expect(polls[21]?.data).toMatchObject({ limit: 5, offset: 5, total: 20 });
    expect(ids(polls[22]?.data.posts ?? [])).toEqual(ids(t.fake.list({ status: ["PUBLISHED"], sort: "created_at", limit: 3 }).posts));
  });

  it("a page someone opens refreshes a mirror older than 15 s with one `since` call; other reads cost nothing", async () => {
    const t = setup();
    const first = await t.service.campaignPosts(CID, WAITING);
    const gone = first.data.posts[0]?.task_id as number;
    t.fake.setStatus(gone, "APPROVED");
    await t.clock.advance(10_000);
    await t.service.campaignPosts(CID, WAITING, "interactive", { maxAgeMs: 15_000 });
    expect(t.fake.count("listCampaignPosts")).toBe(2); // the fill's two reads; 10 s old: no read
    await t.clock.advance(6_000);
    const polls = await Promise.all(Array.from({ length: 5 }, () => t.service.campaignPosts(CID, WAITING, "interactive", { maxAgeMs: 15_000 })));
    expect(t.fake.count("listCampaignPosts")).toBe(3);
    const delta = t.fake.calls.filter((c) => c.op === "listCampaignPosts")[2];
    expect(delta?.query?.since).toBeDefined();
    expect(delta?.query?.status).toHaveLength(10);
    expect(ids(polls[0]?.data.posts ?? [])).not.toContain(gone);
    expect(polls[0]?.data.total).toBe(19);
    // A read without that need (an overview, the collector) within the scheduler's pace: nothing.
    await t.clock.advance(60_000);
    await t.service.campaignPosts(CID, WAITING);
    await t.service.campaignPosts(CID, WAITING, "background");
    expect(t.fake.count("listCampaignPosts")).toBe(3);
    // The page's own polls come in the background lane: they refresh it too.
    await t.service.campaignPosts(CID, WAITING, "background", { maxAgeMs: 15_000 });
    expect(t.fake.count("listCampaignPosts")).toBe(4);
  });

  it("fills again when the delta is larger than a page", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    for (let i = 0; i < 120; i++) t.fake.addPost("WAITING_APPROVAL");
    await t.clock.advance(16_000);
    const r = await t.service.campaignPosts(CID, { ...WAITING, limit: 100 }, "interactive", { maxAgeMs: 15_000 });
    expect(r.data.total).toBe(140);
    // the first fill (default list, canceled), the delta that could not be trusted, then two pages of 140 and the canceled
    expect(t.fake.count("listCampaignPosts")).toBe(6);
  });

  it("answers a page's need from the mirror, marked stale with its age, when the budget refuses the refresh", async () => {
    const t = setup();
    const first = await t.service.campaignPosts(CID, WAITING);
    await t.clock.advance(20_000);
    t.gw.budget.pause(t.clock.now() + 60_000);
    const pending = t.service.campaignPosts(CID, WAITING, "interactive", { maxAgeMs: 15_000 });
    await t.clock.advance(1_000);
    const r = await pending;
    expect(r.meta.stale).toBe(true);
    expect(r.meta.fetchedAt).toBe(first.meta.fetchedAt);
    expect(r.meta.retryAt).toBeDefined();
    expect(ids(r.data.posts)).toEqual(ids(first.data.posts));
  });

  it("stops calling a mirror stale once the refusal ends or a refresh lands after it", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    await t.clock.advance(20_000);
    t.gw.budget.pause(t.clock.now() + 60_000);
    const pending = t.service.campaignPosts(CID, WAITING, "interactive", { maxAgeMs: 15_000 });
    await t.clock.advance(1_000);
    const refused = await pending;
    expect(refused.meta.stale).toBe(true);
    // Never beyond the refusal it follows.
    expect(Date.parse(refused.meta.retryAt ?? "")).toBeLessThanOrEqual(t.clock.now() + 60_000);
    // The scheduler refreshes the campaign once the pause is over: the next read is not stale.
    await t.clock.advance(60_000);
    await t.service.mirror.refresher.refresh(CID, "background");
    const after = await t.service.campaignPosts(CID, WAITING);
    expect(after.meta.stale).toBe(false);
    expect(after.meta.retryAt).toBeUndefined();
  });

  it("a refused catch-up across campaigns (background lane) does not mark a young mirror stale for the refusal's length", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    // Older than the cross-campaign catch-up age, well within the staleness limit.
    await t.clock.advance(200_000);
    t.gw.budget.pause(t.clock.now() + 1_533_000);
    await t.service.campaignPosts(CID, WAITING, "interactive");
    await t.clock.advance(1_000);
    const r = await t.service.campaignPosts(CID, WAITING, "interactive");
    expect(r.meta.stale).toBe(false);
    expect(r.meta.retryAt).toBeUndefined();
  });

  it("refuses only a campaign never seen, when the budget is spent", async () => {
    const t = setup();
    t.gw.budget.pause(t.clock.now() + 60_000);
    const pending = rejection(t.service.campaignPosts(CID, WAITING));
    await t.clock.advance(3_000);
    expect(await pending).toBeInstanceOf(BudgetExhaustedError);
  });

  it("counts and the latest post come from the mirror; schedules from the campaign's detail", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    const c = await t.service.campaign(CID);
    expect(c.data.stats).toEqual(t.fake.campaign(CID).stats);
    await t.service.campaignSchedules(CID);
    expect(t.fake.count("getCampaign")).toBe(1);
    expect(t.fake.count("listCampaignSchedules")).toBe(0);
    const latest = await t.service.latestPost(CID);
    expect(latest.data.status).toBe("PUBLISHED");
    expect(latest.data.task_id).toBe(30);
    expect(t.fake.count("getLatestPost")).toBe(0);
  });
});

describe("service: decisions", () => {
  it("a decision reaches every list and count at no read, and stays there after the next refresh", async () => {
    const t = setup();
    const all = { status: ["WAITING_APPROVAL" as const, "APPROVED" as const, "PUBLISHED" as const], limit: 100 };
    await t.service.campaignPosts(CID, WAITING);
    await t.service.campaign(CID);
    await t.service.approve(2, CID);
    t.gw.budget.pause(t.clock.now() + 60_000);
    expect(ids((await t.service.campaignPosts(CID, WAITING)).data.posts)).not.toContain(2);
    expect((await t.service.campaignPosts(CID, all)).data.posts.find((p) => p.task_id === 2)?.status).toBe("APPROVED");
    expect((await t.service.campaign(CID)).data.stats.waiting_approval).toBe(19);
    expect(t.fake.count("listCampaignPosts")).toBe(2); // the fill's two reads, none after the decision
    expect(t.fake.count("getCampaign")).toBe(1);
    await t.clock.advance(61_000);
    const refreshed = await t.service.campaignPosts(CID, all, "interactive", { maxAgeMs: 15_000 });
    expect(refreshed.data.posts.find((p) => p.task_id === 2)?.status).toBe("APPROVED");
    expect(t.fake.calls.filter((c) => c.op === "listCampaignPosts").at(-1)?.query?.since).toBeDefined();
  });

  it("after a reject, finds the campaign in the mirror when the caller does not say", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    await t.service.reject(4);
    expect(ids((await t.service.campaignPosts(CID, WAITING)).data.posts)).not.toContain(4);
    expect(t.fake.count("listCampaignPosts")).toBe(2); // the fill's two reads
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
    // The connection broke with no answer and the post still waits: the write may land yet, so unknown, not failed.
    expect(await failing).toMatchObject({ name: "OutcomeUnknownError" });
    expect(t.fake.count("approvePost")).toBe(4);
  });

  it("never retries a reject", async () => {
    const t = setup();
    // No answer (a broken connection, a proxy's 502): unknown, not failed, and never sent again.
    t.fake.failNext("rejectPost", () => new UpstreamUnavailableError("network", "posts/1/reject"));
    expect(await rejection(t.service.reject(1, CID))).toMatchObject({ name: "OutcomeUnknownError" });
    t.fake.failNext("rejectPost", () => new UpstreamHttpError(502, "", "", "posts/1/reject"));
    expect(await rejection(t.service.reject(1, CID))).toMatchObject({ name: "OutcomeUnknownError" });
    // A connection refused never carried the request: failed, as it is.
    t.fake.failNext("rejectPost", () => new UpstreamUnavailableError("network", "posts/1/reject", { cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }) }));
    expect(await rejection(t.service.reject(1, CID))).toBeInstanceOf(UpstreamUnavailableError);
    expect(t.fake.count("rejectPost")).toBe(3);
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

    // The request never got through: not reported done, and the list still shows the post waiting.
    const u = setup(() => ({ rejectPost: async (id) => Promise.reject(timeout(id)) }));
    expect(await rejection(u.service.reject(3, CID))).toBeInstanceOf(Error);
    expect(u.fake.count("getPost")).toBe(1);
    expect(ids((await u.service.campaignPosts(CID, WAITING)).data.posts)).toContain(4);
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
  it("reads a detail once while the mirror shows it unchanged, and again when it moved", async () => {
    const t = setup();
    await t.service.campaignPosts(CID, WAITING);
    await t.service.post(1);
    for (let i = 0; i < 8; i++) {
      await t.clock.advance(16_000);
      await t.service.campaignPosts(CID, WAITING, "interactive", { maxAgeMs: 15_000 });
      await t.service.post(1);
    }
    expect(t.fake.count("getPost")).toBe(1);
    t.fake.setStatus(1, "APPROVED");
    await t.clock.advance(16_000);
    await t.service.campaignPosts(CID, WAITING, "interactive", { maxAgeMs: 15_000 });
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
