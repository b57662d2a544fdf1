import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as campaignsRoute } from "@/app/api/campaigns/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/posts/[id]/reject/route";
import { admin, call, cookieFor, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { calendarDay } from "@/lib/analytics/dates";
import type { ReviewAnalytics } from "@/lib/schemas/review-analytics";
import { GET } from "./route";

/*
 * GET /api/analytics/review against the real simulator over HTTP and a real
 * SQLite file: who may read it, input validation, a real approval and
 * rejection made through the dashboard's own routes showing up with the times
 * the posts list gives, the CSV in both languages, and the upstream cost of
 * a repeated view (none within the list TTL).
 */
type PostRow = { task_id: number; campaign_id: number; status: string; created_at: string; published_at: string | null };

let h: Harness;
let approved: PostRow;
let rejected: PostRow;
const today = () => calendarDay(new Date());

async function waitingPosts(): Promise<PostRow[]> {
  const res = await call(campaignsRoute, "/api/campaigns", { role: "admin" });
  const list = ((await res.json()) as { data: { campaigns: { id: number }[] } }).data.campaigns;
  for (const c of list) {
    const r = await call(campaignPosts, `/api/campaigns/${c.id}/posts?status=WAITING_APPROVAL&limit=100`, { role: "admin", params: { id: String(c.id) } });
    const posts = ((await r.json()) as { data: { posts: PostRow[] } }).data.posts;
    if (posts.length >= 2) return posts;
  }
  throw new Error("no campaign with two waiting posts");
}

async function version(id: number): Promise<number> {
  const res = await call(getPost, `/api/posts/${id}`, { role: "admin", params: { id: String(id) } });
  const v = ((await res.json()) as { data: { versions: { version_number: number; is_active: boolean }[] } }).data.versions.find((x) => x.is_active);
  return v?.version_number ?? 1;
}

const get = (query: string, o: Parameters<typeof call>[2] = { role: "manager" }) => call(GET, `/api/analytics/review${query}`, o);
async function data(query = ""): Promise<ReviewAnalytics> {
  const res = await get(query);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ReviewAnalytics }).data;
}

beforeAll(async () => {
  h = await startHarness();
  const [a, b] = await waitingPosts();
  approved = a as PostRow;
  rejected = b as PostRow;
  const ok = await call(approve, `/api/posts/${approved.task_id}/approve`, { method: "POST", role: "editor", params: { id: String(approved.task_id) }, body: { version: await version(approved.task_id) } });
  expect(ok.status).toBe(200);
  const no = await call(reject, `/api/posts/${rejected.task_id}/reject`, {
    method: "POST",
    role: "admin",
    params: { id: String(rejected.task_id) },
    body: { reason: "=Не тот тон", category: "tone", version: await version(rejected.task_id) },
  });
  expect(no.status).toBe(200);
  // A refused attempt: the post is decided already (409 from the upstream) — not a decision.
  await call(approve, `/api/posts/${rejected.task_id}/approve`, { method: "POST", role: "editor", params: { id: String(rejected.task_id) }, body: {} });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe("GET /api/analytics/review", () => {
  it("answers managers and admins; editors and reviewers get 403, signed-out people 401", async () => {
    expect((await get("", {})).status).toBe(401);
    for (const role of ["editor", "reviewer"] as const) {
      const res = await get("", { role });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("forbidden");
      expect((await get("?format=csv", { role })).status).toBe(403);
    }
    for (const role of ["manager", "admin"] as const) expect((await get("", { role })).status).toBe(200);
  });

  it("refuses malformed filters with 400 validation_error", async () => {
    for (const q of ["?from=2026-13-01", "?to=yesterday", "?campaign_id=0", "?campaign_id=abc", "?format=xml", "?format=csv&table=secrets", "?from=2026-05-02&to=2026-05-01", "?from=2024-01-01&to=2026-01-01"]) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).code).toBe("validation_error");
    }
    // One end given, the other defaulted to today: still bounded.
    expect((await get("?from=2020-01-01")).status).toBe(400);
  });

  it("counts the dashboard's real decisions with the times the posts list gives", async () => {
    const a = await data(`?from=${today()}&to=${today()}`);
    expect(a.range).toEqual({ from: today(), to: today(), days: 1 });
    expect(a.summary).toMatchObject({ decisions: 2, approvals: 1, rejections: 1, approvalRate: 0.5, decidedPosts: 2, postsNotFound: 0 });
    expect(a.people.map((p) => [p.email, p.approvals, p.rejections]).sort()).toEqual([
      ["admin@example.com", 0, 1],
      ["editor@example.com", 1, 0],
    ]);
    expect(a.reasons).toEqual([{ category: "tone", count: 1, share: 1 }]);
    expect(a.days).toEqual([{ day: today(), approvals: 1, rejections: 1 }]);
    // Each post's wait, from its created_at to now-ish: both positive and at most the time since creation.
    expect(a.summary.toDecision.count).toBe(2);
    const waits = [approved, rejected].map((p) => (Date.now() - Date.parse(p.created_at)) / 1000);
    expect(a.summary.toDecision.p90).toBeLessThanOrEqual(Math.max(...waits) + 1);
    expect(a.summary.toDecision.median).toBeGreaterThanOrEqual(Math.min(...waits) - 120);
    const campaign = a.campaigns.find((c) => c.id === approved.campaign_id);
    expect(campaign).toMatchObject({ decisions: 2, approvals: 1, rejections: 1 });
    expect(campaign?.name).toEqual(expect.any(String));
  });

  it("filters by campaign: another campaign has none of these decisions", async () => {
    const res = await call(campaignsRoute, "/api/campaigns", { role: "admin" });
    const other = ((await res.json()) as { data: { campaigns: { id: number }[] } }).data.campaigns.find((c) => c.id !== approved.campaign_id);
    const a = await data(`?from=${today()}&to=${today()}&campaign_id=${other?.id}`);
    expect(a.campaignId).toBe(other?.id);
    expect(a.summary.decisions).toBe(0);
    expect(a.campaigns).toEqual([]);
  });

  it("a repeated view within the list TTL costs the upstream nothing", async () => {
    await data();
    await admin(h.simUrl, "stats/reset", {});
    await data();
    const stats = (await (await admin(h.simUrl, "stats")).json()) as { total: number };
    expect(stats.total).toBe(0);
  });

  it("exports each panel as CSV in the reader's language, with its BOM and separator", async () => {
    const ru = await get(`?from=${today()}&to=${today()}&format=csv&table=people`);
    expect(ru.status).toBe(200);
    expect(ru.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(ru.headers.get("content-disposition")).toContain(`review_people_${today()}_${today()}.csv`);
    // text() would drop the BOM while decoding: read the bytes.
    const bytes = new Uint8Array(await ru.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const ruText = new TextDecoder().decode(bytes);
    expect(ruText.startsWith("Участник;Почта;Решений;Согласовано;Отклонено\r\n")).toBe(true);
    expect(ruText).toContain("editor@example.com;1;1;0");

    const en = await get(`?from=${today()}&to=${today()}&format=csv&table=reasons`, { headers: { cookie: `${await cookieFor("manager")}; NEXT_LOCALE=en` } });
    const enText = await en.text();
    expect(enText).toBe("Category,Rejected,\"Share, %\"\r\nTone,1,100\r\n");

    const summary = await (await get(`?from=${today()}&to=${today()}&format=csv`)).text();
    expect(summary).toContain("Доля согласований, %;50");
  });
});
