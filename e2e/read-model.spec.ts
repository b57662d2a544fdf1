import type { Page } from "@playwright/test";
import { E2E } from "../playwright.config";
import { authFile, expect, test } from "./fixtures";

// What opening a post costs the upstream, counted at the simulator: a published post
// never seen is one read (its detail carries the engagement totals the page shows), and
// opening it again within 10 minutes, with nothing changed, is none.
test.use({ storageState: authFile("editor") });

type Recent = { method: string; path: string; at: string };

/** The simulator's reads of this post's detail and engagement since `from` (its own request log). */
async function upstreamReads(page: Page, id: number, from: string): Promise<string[]> {
  const stats = (await (await page.request.get(`${E2E.simURL}/__admin/stats`)).json()) as { recent: Recent[] };
  return stats.recent
    .filter((r) => r.method === "GET" && r.at >= from && new RegExp(`/posts/${id}/(engagement/)?$`).test(r.path.endsWith("/") ? r.path : `${r.path}/`))
    .map((r) => r.path);
}

test("a published post never seen costs one read to open, and none to open again", async ({ page }) => {
  const { data } = (await (await page.request.get("/api/campaigns?status=ACTIVE,FROZEN")).json()) as { data: { campaigns: { id: number }[] } };
  // The oldest published posts of the last campaigns: those no other spec opens.
  let id = 0;
  for (const c of [...data.campaigns].reverse()) {
    const res = await page.request.get(`/api/campaigns/${c.id}/posts?status=PUBLISHED&sort=publish_at&limit=5`);
    const posts = ((await res.json()) as { data: { posts: { task_id: number }[] } }).data.posts;
    const from = new Date(0).toISOString();
    for (const p of posts) {
      if ((await upstreamReads(page, p.task_id, from)).length === 0) {
        id = p.task_id;
        break;
      }
    }
    if (id) break;
  }
  expect(id, "a published post the upstream has not been asked about").toBeGreaterThan(0);

  const engagementCalls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith(`/api/posts/${id}/engagement`)) engagementCalls.push(r.url());
  });
  const from = new Date(Date.now() - 1000).toISOString();
  await page.goto(`/posts/${id}`);
  const summary = page.getByTestId("engagement-summary");
  await expect(summary.locator("[data-metric='VIEWS'] dd span").first()).toBeVisible();
  expect(engagementCalls).toEqual([]);
  const first = await upstreamReads(page, id, from);
  expect(first.length).toBeLessThanOrEqual(1);

  await page.reload();
  await expect(summary.locator("[data-metric='VIEWS'] dd span").first()).toBeVisible();
  expect(await upstreamReads(page, id, from)).toEqual(first);
});
