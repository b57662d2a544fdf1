import type { APIRequestContext, Page } from "@playwright/test";
import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signIn } from "./own-sign-in";

// The second dashboard sits on an upstream whose open fields carry values the
// description does not list (simulator/unfamiliar.ts): a new plan tier,
// campaign status and type, schedule type, platform, post status and type,
// publish-record status, version source and metric. Every page must render
// them as they come: no error state, the raw value on screen.
const base = E2E.oddBaseURL;
const ALL_CAMPAIGNS = "DRAFT,ACTIVE,FROZEN,COMPLETED";

type Campaign = { id: number; status: string };
type CampaignDetail = Campaign & { schedules: Array<{ schedule_type: string }>; channels: Array<{ platform: string }> };
type Post = { task_id: number; status: string; post_type: string; published_at: string | null };

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(base + path);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Only the page's own error states count; Next's empty route announcer is also an alert. */
async function expectNoErrorState(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
}

// Sessions are records in each dashboard's own database: a cookie from the
// main dashboard means nothing here, so sign in on this one.
test.use({ storageState: async ({ browser }, provide) => provide(await signIn(browser, base, "admin")) });

test("pages render values outside the described sets as they come", async ({ page }) => {
  const { campaigns } = await get<{ campaigns: Campaign[] }>(page.request, `/api/campaigns?status=${ALL_CAMPAIGNS}`);
  expect(campaigns.some((c) => c.status === "ARCHIVED")).toBe(true);
  let monthly: CampaignDetail | undefined;
  for (const c of campaigns) {
    const detail = await get<CampaignDetail>(page.request, `/api/campaigns/${c.id}`);
    if (detail.schedules.some((s) => s.schedule_type === "MONTHLY") && detail.channels.some((ch) => ch.platform === "INSTAGRAM")) {
      monthly = detail;
      break;
    }
  }
  expect(monthly, "a campaign with an unfamiliar schedule type and platform").toBeDefined();
  const { posts } = await get<{ posts: Post[] }>(page.request, `/api/campaigns/${monthly!.id}/posts?limit=100`);
  const onHold = posts.find((p) => p.status === "ON_HOLD");
  const carousel = posts.find((p) => p.post_type === "CAROUSEL" && p.published_at && p.status.startsWith("PUBLISHED"));
  expect(onHold).toBeDefined();
  expect(carousel, "a published post of an unfamiliar type").toBeDefined();

  await page.goto(`${base}/`);
  await expect(page.getByText("enterprise_plus").first()).toBeVisible();
  await expectNoErrorState(page);
  await expectNoA11yViolations(page);

  await page.goto(`${base}/campaigns?status=${ALL_CAMPAIGNS}`);
  await expect(page.getByText("ARCHIVED").first()).toBeVisible();
  await expectNoErrorState(page);

  await page.goto(`${base}/campaigns/${monthly!.id}`);
  await expect(page.getByText(/MONTHLY/).first()).toBeVisible();
  await expect(page.getByText("HYBRID_SERIES").first()).toBeVisible();
  await expect(page.getByText("INSTAGRAM").first()).toBeVisible();
  await expectNoErrorState(page);
  await expectNoA11yViolations(page);

  await page.goto(`${base}/posts/${onHold!.task_id}`);
  await expect(page.locator('[data-post-status="ON_HOLD"]').first()).toBeVisible();
  await expect(page.getByText("ON_HOLD").first()).toBeVisible();
  await expectNoErrorState(page);
  await expectNoA11yViolations(page);

  await page.goto(`${base}/campaigns/${monthly!.id}/queue?status=WAITING_APPROVAL,APPROVED,SCHEDULED`);
  await expect(page.locator("tr[data-task-id]").first()).toBeVisible();
  await expectNoErrorState(page);

  await page.goto(`${base}/posts/${carousel!.task_id}`);
  await expect(page.getByText("CAROUSEL").first()).toBeVisible();
  await expectNoErrorState(page);
  await page.goto(`${base}/posts/${carousel!.task_id}/engagement`);
  await expect(page.getByText("SAVES").first()).toBeVisible();
  await expectNoErrorState(page);

  await page.goto(`${base}/campaigns/${monthly!.id}/engagement`);
  await expect(page.getByText("SAVES").first()).toBeVisible();
  await expectNoErrorState(page);
});
