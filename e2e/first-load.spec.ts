import type { Page, Response } from "@playwright/test";
import { authFile, expect, test } from "./fixtures";

// A first load brings what the page shows in its HTML: the browser does not ask the dashboard
// for the same things again right after hydrating (each answer was one more render while a phone
// starts the page). Only reads made on purpose later are allowed: the post the queue's cursor goes
// to first, read ahead once the person is at the page (a key, a pointer, a touch: none here), and a
// post's metrics, read when their panel shows.
test.use({ storageState: authFile("editor") });

/** GET /api/… requests from now on, but the event stream. */
function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.method() === "GET" && url.pathname.startsWith("/api/") && url.pathname !== "/api/events") reads.push(url.pathname + url.search);
  });
  return reads;
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1_000);
}

test("the overview, campaigns, a queue, the inbox and a post come with their data", async ({ page }) => {
  // Without the event stream: the simulator's world moves on its own clock, and a change announced
  // meanwhile rightly refreshes the lists it touches, which is not what this test is about.
  const streams: string[] = [];
  await page.route("**/api/events*", async (route) => {
    streams.push(route.request().url());
    await route.abort();
  });
  const reads = apiReads(page);
  await page.goto("/");
  const waiting = page.getByTestId("waiting-list");
  await expect(waiting).toBeVisible();
  await settled(page);
  expect(reads, "reads after the overview's first load").toEqual([]);
  // The stream resumes from the render, so nothing between the reads and its hello is missed.
  expect(streams[0], "the first connection of the event stream").toMatch(/\/api\/events\?last_event_id=[\w-]+$/);

  // The campaigns' waiting column comes from the header's own inbox read, in the HTML too.
  reads.length = 0;
  await page.goto("/campaigns");
  await expect(page.locator("[data-waiting]").first()).toBeAttached();
  await settled(page);
  expect(reads, "reads after the campaigns' first load").toEqual([]);
  await page.goto("/");
  await expect(waiting).toBeVisible();

  const queue = await waiting.getByRole("link").first().getAttribute("href");
  expect(queue).toMatch(/^\/campaigns\/\d+\/queue$/);
  reads.length = 0;
  await page.goto(queue ?? "");
  await expect(page.locator("[data-interactive] tbody tr[data-task-id]").first()).toBeVisible();
  await settled(page);
  // Not even the first row's read-ahead: it waits for the person's first input (components/triage/preload-post.tsx).
  expect(reads, "reads after the queue's first load").toEqual([]);
  const post = await page.locator("tbody tr[data-task-id]").first().getAttribute("data-task-id");

  reads.length = 0;
  await page.goto("/inbox");
  await expect(page.locator("[data-interactive] tbody tr[data-task-id]").first()).toBeVisible();
  await settled(page);
  expect(reads.filter((r) => !/^\/api\/posts\/\d+$/.test(r)), "reads after the inbox's first load").toEqual([]);

  reads.length = 0;
  await page.goto(`/posts/${post}`);
  await expect(page.getByTestId("presence")).toBeAttached();
  await settled(page);
  expect(reads.filter((r) => !/^\/api\/posts\/\d+\/engagement/.test(r)), "reads after the post's first load").toEqual([]);
});

// The build marks every browser chunk for eager compilation (scripts/compile-hints.mjs, run by
// scripts/build.mjs): a phone compiles them while they download instead of on the main thread when
// the page starts. A build that skipped the step would still work, only slower: this says so.
test("the page's scripts ask the browser to compile them while they download", async ({ page }) => {
  const scripts: Response[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script" && new URL(r.url()).pathname.startsWith("/_next/static/chunks/")) scripts.push(r);
  });
  await page.goto("/campaigns");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(3);
  for (const script of scripts) expect((await script.text()).split("\n", 1)[0], script.url()).toBe("//# allFunctionsCalledOnLoad");
});

// The client router's requests (a click, a link prefetch) carry `RSC: 1`: a page then skips its
// server prefetch, so a prefetched link costs the upstream nothing (Next 16 hides that header from
// pages; the proxy relays it, lib/edge/client-navigation.ts). A client cannot claim it on a full load.
test("a link prefetch renders without the page's data; a full load has it whatever the client claims", async ({ page }) => {
  await page.goto("/");
  const prefetch = await page.request.get("/calendar", { headers: { RSC: "1", "Next-Router-Prefetch": "1" } });
  expect(prefetch.ok()).toBe(true);
  expect(await prefetch.text(), "the calendar's posts in a prefetch").not.toContain("campaign_name");
  const full = await page.request.get("/calendar", { headers: { "x-dashboard-client-navigation": "1" } });
  expect(full.ok()).toBe(true);
  expect(await full.text(), "the calendar's posts in its first HTML").toContain("campaign_name");
});
