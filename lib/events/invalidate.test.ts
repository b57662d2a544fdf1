import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bulkKeys } from "@/lib/queries/bulk";
import { campaignPostsQuery, campaignQuery } from "@/lib/queries/campaigns";
import { postDecisionsKey } from "@/lib/queries/decisions";
import { postKey } from "@/lib/queries/posts";
import { createLiveHandler, GATHER_MS, LIST_GAP_MS } from "./invalidate";

/** A client holding one cached entry per key, as pages leave them. */
function clientWith(keys: QueryKey[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}
const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => JSON.stringify(q.queryKey))
    .sort();
const k = (key: QueryKey) => JSON.stringify(key);

const queueKey = campaignPostsQuery(3, { status: "WAITING_APPROVAL", limit: 20, offset: 0 }).queryKey;
const otherQueue = campaignPostsQuery(4, { status: "WAITING_APPROVAL", limit: 20, offset: 0 }).queryKey;
const KEYS: QueryKey[] = [postKey(7), postKey(8), postDecisionsKey(7), queueKey, otherQueue, campaignQuery(3).queryKey, bulkKeys.job(9), bulkKeys.recent(3)];
const post = (id: number, campaign?: number) => JSON.stringify({ type: "post", task_id: id, campaign_id: campaign, status: "APPROVED", reason: "decision" });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("stream events → React Query invalidations", () => {
  it("a post event marks that post, its decision history and its campaign's lists stale, nothing else", () => {
    const client = clientWith(KEYS);
    const live = createLiveHandler(client);
    expect(live.event(post(7, 3))).not.toBeNull();
    expect(stale(client)).toEqual([]); // gathered first: a decision comes as two events
    vi.advanceTimersByTime(GATHER_MS);
    expect(stale(client)).toEqual([k(postKey(7)), k(postDecisionsKey(7)), k(queueKey)].sort());
  });

  it("a post event that does not name its campaign refreshes every campaign's lists", () => {
    const client = clientWith(KEYS);
    createLiveHandler(client).event(post(8));
    vi.advanceTimersByTime(GATHER_MS);
    expect(stale(client)).toEqual([k(postKey(8)), k(queueKey), k(otherQueue)].sort());
  });

  it("a bulk event refreshes the job's progress; its end refreshes the campaign's lists and recent jobs too", () => {
    const client = clientWith(KEYS);
    const live = createLiveHandler(client);
    live.event(JSON.stringify({ type: "bulk", job_id: 9, campaign_id: 3, status: "running", ok: 1, failed: 0, total: 3 }));
    vi.advanceTimersByTime(GATHER_MS);
    expect(stale(client)).toEqual([k(bulkKeys.job(9))]);
    live.event(JSON.stringify({ type: "bulk", job_id: 9, campaign_id: 3, status: "done", ok: 3, failed: 0, total: 3 }));
    vi.advanceTimersByTime(1_000);
    expect(stale(client)).toEqual([k(bulkKeys.job(9)), k(bulkKeys.recent(3)), k(queueKey)].sort());
  });

  it("refreshes a campaign's lists at most once per gap however many decisions stream in, and catches the last at the gap's end", () => {
    const client = clientWith(KEYS);
    const spy = vi.spyOn(client, "invalidateQueries");
    const live = createLiveHandler(client);
    const listCalls = () => spy.mock.calls.filter(([f]) => f && "queryKey" in f && k(f.queryKey ?? []) === k(["campaigns", 3, "posts"])).length;
    for (let i = 0; i < LIST_GAP_MS / 500; i++) {
      live.event(post(100 + i, 3));
      vi.advanceTimersByTime(500);
    }
    // A decision every 500 ms for a whole gap: the first at once, the rest wait for the gap to end…
    expect(listCalls()).toBe(1);
    vi.advanceTimersByTime(LIST_GAP_MS);
    // …and come as one refresh then; nothing more after.
    expect(listCalls()).toBe(2);
    vi.advanceTimersByTime(LIST_GAP_MS * 3);
    expect(listCalls()).toBe(2);
  });

  it("ignores what it does not understand (a newer server's event) and refreshes everything on resync", () => {
    const client = clientWith(KEYS);
    const live = createLiveHandler(client);
    expect(live.event(JSON.stringify({ type: "presence", user: "x" }))).toBeNull();
    expect(live.event("not json")).toBeNull();
    vi.advanceTimersByTime(LIST_GAP_MS);
    expect(stale(client)).toEqual([]);
    live.resync();
    expect(stale(client)).toEqual(KEYS.map(k).sort());
  });

  it("post, campaign and finished bulk events refresh the inbox (every filter and page, and the navigation's count)", () => {
    const inboxPage = ["inbox", { limit: 20, offset: 0 }];
    const inboxFiltered = ["inbox", { campaign_id: "3", limit: 20, offset: 0 }];
    for (const event of [
      post(7, 3),
      JSON.stringify({ type: "campaign", campaign_id: 3, reason: "refresh" }),
      JSON.stringify({ type: "bulk", job_id: 9, campaign_id: 3, status: "done", ok: 3, failed: 0, total: 3 }),
    ]) {
      const client = clientWith([...KEYS, inboxPage, inboxFiltered]);
      createLiveHandler(client).event(event);
      vi.advanceTimersByTime(GATHER_MS);
      expect(stale(client)).toEqual(expect.arrayContaining([k(inboxPage), k(inboxFiltered)]));
    }
    // A running job's progress does not touch the lists.
    const client = clientWith([inboxPage]);
    createLiveHandler(client).event(JSON.stringify({ type: "bulk", job_id: 9, campaign_id: 3, status: "running", ok: 1, failed: 0, total: 3 }));
    vi.advanceTimersByTime(LIST_GAP_MS);
    expect(stale(client)).toEqual([]);
  });
});
