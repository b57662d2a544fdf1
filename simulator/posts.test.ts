// @vitest-environment node
// Posts list semantics and the approve/reject state rules of section 3.1.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorHandle } from "./server";
import { client, quietSimulator } from "./testing";

interface PostItem {
  task_id: number;
  status: string;
  published_at: string | null;
  created_at: string;
  updated_at: string | null;
}
interface PostList {
  total: number;
  limit: number;
  offset: number;
  posts: PostItem[];
}
interface Approval {
  task_id: number;
  status: string;
  result: string;
  message: string;
}

let sim: SimulatorHandle;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  sim = await quietSimulator();
  api = client(sim);
});
afterAll(() => sim.close());

const list = async (query: string): Promise<PostList> => {
  const res = await api.get<PostList>(`campaigns/101/posts/?${query}`);
  expect(res.status, query).toBe(200);
  return res.body;
};

/** First post in `status`, preferring `campaign`, else from any campaign. */
async function firstInStatus(status: string, campaign = 101): Promise<PostItem> {
  for (const id of [campaign, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111]) {
    const res = await api.get<PostList>(`campaigns/${id}/posts/?status=${status}&limit=1`);
    const p = res.body.posts[0];
    if (p) return p;
  }
  throw new Error(`no ${status} post`);
}

describe("posts list", () => {
  it("excludes CANCELED by default and includes it on request", async () => {
    const def = await list("limit=100");
    expect(def.posts.some((p) => p.status === "CANCELED")).toBe(false);
    const all = await list(`limit=100&status=${["SCHEDULED", "GENERATING", "WAITING_APPROVAL", "APPROVED", "PUBLISHING", "PUBLISHED", "PARTIALLY_PUBLISHED", "READY", "CANCELED", "FAILED"].join(",")}`);
    const canceled = await list("status=CANCELED");
    expect(canceled.total).toBeGreaterThan(0);
    expect(all.total).toBe(def.total + canceled.total);
  });

  it("total is independent of limit/offset; pages neither overlap nor skip", async () => {
    for (const sort of ["publish_at", "-publish_at", "created_at", "-created_at"]) {
      const whole = await list(`sort=${sort}&limit=100`);
      const seen: number[] = [];
      for (let offset = 0; offset < whole.total; offset += 7) {
        const page = await list(`sort=${sort}&limit=7&offset=${offset}`);
        expect(page.total).toBe(whole.total);
        expect(page.limit).toBe(7);
        expect(page.offset).toBe(offset);
        seen.push(...page.posts.map((p) => p.task_id));
      }
      expect(seen).toEqual(whole.posts.map((p) => p.task_id));
      expect(new Set(seen).size).toBe(whole.total);
    }
    expect((await list("offset=10000")).posts).toEqual([]);
  });

  it("sorts by publish_at with nulls last, and by created_at", async () => {
    const res = await api.get<PostList>("campaigns/103/posts/?sort=publish_at&limit=100");
    const times = res.body.posts.map((p) => p.published_at);
    const firstNull = times.indexOf(null);
    expect(times.slice(firstNull).every((t) => t === null)).toBe(true);
    const desc = (await list("sort=-created_at&limit=100")).posts.map((p) => Date.parse(p.created_at));
    expect([...desc].sort((a, b) => b - a)).toEqual(desc);
    const asc = (await list("sort=publish_at&limit=100")).posts.map((p) => Date.parse(p.published_at ?? ""));
    expect([...asc].sort((a, b) => a - b)).toEqual(asc);
  });

  it("filters by status list", async () => {
    const r = await list("status=WAITING_APPROVAL,APPROVED&limit=100");
    expect(r.total).toBeGreaterThanOrEqual(15);
    expect(r.posts.every((p) => p.status === "WAITING_APPROVAL" || p.status === "APPROVED")).toBe(true);
  });

  it("since keeps posts updated strictly after the moment; +03:00 works encoded as %2B", async () => {
    const all = (await list("limit=100&sort=created_at")).posts.filter((p) => p.updated_at !== null);
    const sorted = all.map((p) => p.updated_at as string).sort((a, b) => Date.parse(a) - Date.parse(b));
    const pivot = sorted[Math.floor(sorted.length / 2)] as string;
    expect(pivot).toMatch(/\+03:00$/);
    const since = await list(`limit=100&since=${encodeURIComponent(pivot)}`);
    const expected = all.filter((p) => Date.parse(p.updated_at as string) > Date.parse(pivot)).length;
    expect(since.total).toBe(expected);
    expect(since.posts.every((p) => Date.parse(p.updated_at as string) > Date.parse(pivot))).toBe(true);
    // The same instant in UTC and with a raw "+" (decoded to a space) selects the same posts.
    const utc = new Date(Date.parse(pivot)).toISOString();
    expect((await list(`limit=100&since=${utc}`)).total).toBe(expected);
    expect((await list(`limit=100&since=${pivot}`)).total).toBe(expected);
  });
});

describe("approve / reject", () => {
  it("approve: WAITING_APPROVAL → APPROVED, then already_approved; updated_at moves", async () => {
    const p = await firstInStatus("WAITING_APPROVAL");
    const first = await api.post<Approval>(`posts/${p.task_id}/approve`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ task_id: p.task_id, status: "APPROVED", result: "approved_now" });
    expect(first.body.message).toMatch(/[а-я]/);
    const detail = await api.get<PostItem>(`posts/${p.task_id}/`);
    expect(detail.body.status).toBe("APPROVED");
    expect(Date.parse(detail.body.updated_at ?? "")).toBeGreaterThan(Date.parse(p.updated_at ?? ""));
    const again = await api.post<Approval>(`posts/${p.task_id}/approve`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "APPROVED", result: "already_approved" });
    expect((await api.get<PostItem>(`posts/${p.task_id}/`)).body.updated_at).toBe(detail.body.updated_at);
  });

  it("approve of a published, canceled or generating post → 409 conflict", async () => {
    for (const status of ["PUBLISHED", "CANCELED", "GENERATING"]) {
      const p = await firstInStatus(status);
      const res = await api.post<{ error: { code: string; message: string } }>(`posts/${p.task_id}/approve`);
      expect(res.status, status).toBe(409);
      expect(res.body.error.code).toBe("conflict");
      expect(res.body.error.message).toMatch(/[а-я]/);
    }
  });

  it("reject: WAITING_APPROVAL, APPROVED and SCHEDULED → CANCELED rejected_now", async () => {
    for (const [status, campaign] of [["WAITING_APPROVAL", 105], ["APPROVED", 105], ["SCHEDULED", 107]] as const) {
      const p = await firstInStatus(status, campaign);
      const res = await api.post<Approval>(`posts/${p.task_id}/reject`);
      expect(res.status, status).toBe(200);
      expect(res.body).toMatchObject({ task_id: p.task_id, status: "CANCELED", result: "rejected_now" });
      expect((await api.get<PostItem>(`posts/${p.task_id}/`)).body.status).toBe("CANCELED");
    }
  });

  it("reject in other statuses answers with the result code and leaves the post alone", async () => {
    const published = await firstInStatus("PUBLISHED");
    expect((await api.post<Approval>(`posts/${published.task_id}/reject`)).body).toMatchObject({ status: "PUBLISHED", result: "already_published" });
    const canceled = await firstInStatus("CANCELED");
    expect((await api.post<Approval>(`posts/${canceled.task_id}/reject`)).body).toMatchObject({ status: "CANCELED", result: "already_canceled" });
    const generating = await firstInStatus("GENERATING");
    expect((await api.post<Approval>(`posts/${generating.task_id}/reject`)).body).toMatchObject({ status: "GENERATING", result: "not_pending" });
  });

  it("reject in other statuses can be switched to 409", async () => {
    const strict = await quietSimulator({ rejectOther: "conflict" });
    try {
      const c = client(strict);
      const p = (await c.get<PostList>("campaigns/101/posts/?status=PUBLISHED&limit=1")).body.posts[0];
      const res = await c.post<{ error: { code: string } }>(`posts/${p?.task_id ?? 0}/reject`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("conflict");
    } finally {
      await strict.close();
    }
  });
});
