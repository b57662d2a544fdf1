import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as attention } from "@/app/api/overview/attention/route";
import { admin, call, errorOf, fillMirrors, ROLES, startHarness, type Harness } from "@/app/api/_tests/harness";
import { OverviewAttention } from "@/lib/schemas";

/**
 * GET /api/overview/attention against the real simulator: one answer for the
 * overview's attention panel, cut from the campaign mirrors. On a fresh
 * install it says how many active campaigns are still loading and reads no
 * campaign's posts; once filled, it answers the upstream's own counts at no
 * upstream cost.
 */
type SimPost = { task_id: number; status: string; published_at: string | null };
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

async function sim<T>(path: string): Promise<T> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/${path}`, { headers: { Authorization: "Bearer demo-key" } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** Upstream calls the dashboard made since the last reset, by path. */
async function upstreamCalls(): Promise<string[]> {
  const s = (await (await admin(h.simUrl, "stats")).json()) as { recent: { method: string; path: string }[] };
  return s.recent.map((r) => `${r.method} ${r.path}`);
}

async function get(role: (typeof ROLES)[number] = "manager") {
  const res = await call(attention, "/api/overview/attention", { role });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: unknown; meta: { stale: boolean; fetchedAt: string } };
  return { data: OverviewAttention.parse(body.data), meta: body.meta };
}

describe("GET /api/overview/attention", () => {
  it("on a fresh install: every active campaign counted as loading, no campaign's posts read, never a 503", async () => {
    const { campaigns } = await sim<{ campaigns: { id: number }[] }>("campaigns/?status=ACTIVE");
    await admin(h.simUrl, "stats/reset", {});
    const { data, meta } = await get();
    expect(data).toEqual({ waiting: [], failed: [], active: campaigns.length, loading: campaigns.length });
    expect(meta.stale).toBe(false);
    // The campaigns list only: no detail, no post list per campaign.
    const calls = await upstreamCalls();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => !/\/campaigns\/?$/.test(c.split("?")[0] ?? ""))).toEqual([]);
  });

  it("once filled: each active campaign's waiting count and failed posts as the upstream lists them, at no upstream cost", async () => {
    await fillMirrors();
    const { campaigns } = await sim<{ campaigns: { id: number; name: string }[] }>("campaigns/?status=ACTIVE");
    await admin(h.simUrl, "stats/reset", {});
    const { data } = await get();
    expect(await upstreamCalls()).toEqual([]);
    expect(data.loading).toBe(0);
    expect(data.active).toBe(campaigns.length);
    for (const c of campaigns) {
      const waiting = await sim<{ total: number }>(`campaigns/${c.id}/posts/?status=WAITING_APPROVAL&limit=1`);
      expect(data.waiting.find((w) => w.id === c.id)?.count ?? 0, `campaign ${c.id}`).toBe(waiting.total);
      const failed = await sim<{ total: number; posts: SimPost[] }>(`campaigns/${c.id}/posts/?status=FAILED,PARTIALLY_PUBLISHED&sort=-publish_at&limit=5`);
      const row = data.failed.find((f) => f.id === c.id);
      expect(row?.total ?? 0, `campaign ${c.id}`).toBe(failed.total);
      if (row) {
        expect(row.name).toBe(c.name);
        expect(row.posts.map((p) => p.task_id)).toEqual(failed.posts.map((p) => p.task_id));
      }
    }
    expect(data.waiting.some((w) => w.count > 0)).toBe(true);
    // Most first.
    expect(data.waiting.map((w) => w.count)).toEqual([...data.waiting.map((w) => w.count)].sort((a, b) => b - a));
  });

  it("every role may read it; without a session it is 401, with a parameter 400, both in the envelope", async () => {
    for (const role of ROLES) expect((await get(role)).data.loading).toBe(0);
    const anonymous = await call(attention, "/api/overview/attention");
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe("unauthorized");
    const forged = await call(attention, "/api/overview/attention", { headers: { cookie: "next-auth.session-token=forged" } });
    expect(forged.status).toBe(401);
    const odd = await call(attention, "/api/overview/attention?campaign_id=1", { role: "manager" });
    expect(odd.status).toBe(400);
    expect((await errorOf(odd)).code).toBe("validation_error");
  });
});
