import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as campaigns } from "@/app/api/campaigns/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/posts/[id]/reject/route";
import { POST as startBulk } from "@/app/api/bulk-jobs/route";
import type { Post } from "@/lib/schemas";
import { upstreamStatus } from "@/test/support/simulator-posts";
import { withinEveryLimit } from "@/test/support/within-limits";
import { call, cookieFor, errorOf, startHarness, type Harness } from "./harness";

/*
 * The decision route asks the one access check (role today, not the role the
 * session was opened with), and refuses a reason made only of characters
 * nobody sees. Real routes, the simulator over HTTP, a real SQLite file.
 */
let h: Harness;
const waiting: number[] = [];
const take = () => {
  const id = waiting.shift();
  if (id === undefined) throw new Error("out of waiting posts");
  return id;
};

beforeAll(async () => {
  h = await startHarness();
  const res = await call(campaigns, "/api/campaigns?status=ACTIVE,FROZEN,DRAFT,COMPLETED", { role: "admin" });
  for (const c of ((await res.json()) as { data: { campaigns: { id: number }[] } }).data.campaigns) {
    const r = await call(campaignPosts, `/api/campaigns/${c.id}/posts?status=WAITING_APPROVAL&limit=100`, { role: "admin", params: { id: String(c.id) } });
    waiting.push(...((await r.json()) as { data: { posts: Post[] } }).data.posts.filter(withinEveryLimit).map((p) => p.task_id));
    if (waiting.length >= 12) break;
  }
  expect(waiting.length).toBeGreaterThanOrEqual(4);
});
afterAll(async () => {
  await h?.close();
});

const approveAs = (id: number, cookie: string, body: Record<string, unknown> = {}) =>
  call(approve, `/api/posts/${id}/approve`, { method: "POST", headers: { cookie }, params: { id: String(id) }, body });

describe("a reason must say something", () => {
  const INVISIBLE = ["\u200b", "\u200b\u200c\u200d", "\u2060", "\ufeff", "\u200e", " \u00a0\u3000 ", "\u00ad"];

  it("an admin's override with an invisible reason is refused (400), and nothing is approved", async () => {
    const id = take();
    const cookie = await cookieFor("admin");
    for (const reason of INVISIBLE) {
      const res = await approveAs(id, cookie, { override: { reason } });
      expect(res.status, JSON.stringify(reason)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_error");
      expect(error.message).toContain("override");
    }
    expect(await upstreamStatus(h.simUrl, id)).toBe("WAITING_APPROVAL");
    // A visible reason is taken (nothing blocks this post, so the override is not even needed).
    expect((await approveAs(id, cookie, { override: { reason: "\u200bсогласовано с юристом" } })).status).toBe(200);
  });

  it("a reject reason of invisible characters is refused too", async () => {
    const id = take();
    const res = await call(reject, `/api/posts/${id}/reject`, { method: "POST", role: "editor", params: { id: String(id) }, body: { reason: "\u2060\ufeff\u200b" } });
    expect(res.status).toBe(400);
    expect(await upstreamStatus(h.simUrl, id)).toBe("WAITING_APPROVAL");
  });
});

describe("the decision route asks the role today", () => {
  it("a single-sign-on session opened as editor cannot decide once the IdP's newer sign-in says reviewer", async () => {
    const id = take();
    const old = await cookieFor("editor", "sso-ed@example.com");
    await new Promise((r) => setTimeout(r, 5));
    await cookieFor("reviewer", "sso-ed@example.com"); // the same person signs in again, the IdP now says reviewer
    const res = await approveAs(id, old);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("access_lost");
    expect(await upstreamStatus(h.simUrl, id)).toBe("WAITING_APPROVAL");
  });

  it("nor queue a bulk job with that session", async () => {
    const id = take();
    const old = await cookieFor("editor", "sso-bulk@example.com");
    await new Promise((r) => setTimeout(r, 5));
    await cookieFor("manager", "sso-bulk@example.com");
    const res = await call(startBulk, "/api/bulk-jobs", { method: "POST", headers: { cookie: old }, body: { action: "approve", task_ids: [id], campaign_id: 1 } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("access_lost");
  });

  it("an editor who still is one decides", async () => {
    const id = take();
    expect((await approveAs(id, await cookieFor("editor", "still-ed@example.com"))).status).toBe(200);
    expect(await upstreamStatus(h.simUrl, id)).toBe("APPROVED");
  });
});
