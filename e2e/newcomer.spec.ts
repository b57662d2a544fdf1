import { mkdirSync } from "node:fs";
import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations, setLocale } from "./fixtures";
import { signIn, test } from "./own-sign-in";

/**
 * What a newcomer meets on screens only a browser shows: review analytics on a phone keeps every
 * table inside its card (the page never scrolls sideways), and the health screen and the analytics
 * read in both languages and themes (screenshots to E2E_SHOTS when set).
 */
const SHOTS = process.env.E2E_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const VIEWS = [
  { locale: "ru" as const, scheme: "light" as const, viewport: { width: 390, height: 844 }, name: "ru-light-phone" },
  { locale: "en" as const, scheme: "dark" as const, viewport: { width: 1366, height: 900 }, name: "en-dark-desktop" },
];

test.describe.configure({ timeout: 120_000 });

for (const v of VIEWS) {
  test(`review analytics stay inside their cards (${v.name})`, async ({ browser }) => {
    const context = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "manager"), baseURL: E2E.baseURL, viewport: v.viewport, colorScheme: v.scheme });
    const page = await context.newPage();
    await setLocale(page, v.locale);
    await page.goto("/analytics/review");
    const checks = page.getByTestId("checks-analytics");
    await expect(checks.locator("table").first()).toBeVisible({ timeout: 30_000 });
    // Open every panel's table too: what overflows on a phone is a table.
    for (const summary of await page.locator("details > summary").all()) await summary.click();
    const overflow = await page.evaluate(() => {
      const wide: string[] = [];
      for (const card of document.querySelectorAll<HTMLElement>("[data-testid^='panel-'], [data-testid='checks-analytics']")) {
        if (card.scrollWidth > card.clientWidth + 1) wide.push(`${card.dataset.testid}: ${card.scrollWidth} > ${card.clientWidth}`);
      }
      const doc = document.documentElement;
      if (doc.scrollWidth > window.innerWidth + 1) wide.push(`page: ${doc.scrollWidth} > ${window.innerWidth}`);
      return wide;
    });
    expect(overflow).toEqual([]);
    // Campaigns by name: no cell of the checks panel is a bare number where a campaign goes.
    await expect(checks.locator("tbody th[scope='row']").filter({ hasText: /^\d+$/ })).toHaveCount(0);
    if (SHOTS) await checks.screenshot({ path: `${SHOTS}/checks-analytics-${v.name}.png` });
    await expectNoA11yViolations(page);
    await context.close();
  });

  test(`the health screen (${v.name})`, async ({ browser }) => {
    const context = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "admin"), baseURL: E2E.baseURL, viewport: v.viewport, colorScheme: v.scheme });
    const page = await context.newPage();
    await setLocale(page, v.locale);
    await page.goto("/admin/health");
    await expect(page.getByTestId("bg-inbox")).toBeVisible({ timeout: 30_000 });
    if (SHOTS) await page.getByTestId("health-background").screenshot({ path: `${SHOTS}/health-background-${v.name}.png` });
    await expectNoA11yViolations(page);
    await context.close();
  });
}

test("a campaign that does not exist is not found: no policy, checks or «approve all clean» for it", async ({ browser }) => {
  const context = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "admin"), baseURL: E2E.baseURL });
  const page = await context.newPage();
  await setLocale(page, "ru");
  await page.goto("/campaigns/99999");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("policy")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Согласовать все чистые/ })).toHaveCount(0);
  await expect(page.locator("form")).toHaveCount(0);
  await context.close();
});

for (const v of VIEWS) {
  test(`an unknown group member and a too-long comment are said, not swallowed (${v.name})`, async ({ browser }) => {
    const context = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "admin"), baseURL: E2E.baseURL, viewport: v.viewport, colorScheme: v.scheme });
    const page = await context.newPage();
    await setLocale(page, v.locale);
    const { data } = (await (await context.request.get("/api/campaigns?status=ACTIVE")).json()) as { data: { campaigns: { id: number }[] } };
    const campaign = data.campaigns[data.campaigns.length - 1]!.id;
    const headers = { Origin: E2E.baseURL };
    const put = await context.request.put(`/api/campaigns/${campaign}/policy`, { data: { signoff: [{ who: { group: "Юристы", members: ["lawyer@exmaple.com"] } }] }, headers });
    expect(put.status()).toBe(200);
    try {
      await page.goto(`/campaigns/${campaign}`);
      const notice = page.getByTestId("policy-unknown-members");
      await expect(notice).toContainText("lawyer@exmaple.com");
      // The step's fields stay inside the card on a phone.
      const policy = page.getByTestId("policy");
      expect(await policy.evaluate((card) => card.scrollWidth - card.clientWidth)).toBeLessThanOrEqual(1);
      if (SHOTS) await page.getByTestId("policy").screenshot({ path: `${SHOTS}/policy-unknown-${v.name}.png` });
      await expectNoA11yViolations(page);
    } finally {
      await context.request.put(`/api/campaigns/${campaign}/policy`, { data: { signoff: [] }, headers });
    }
    const posts = (await (await context.request.get(`/api/campaigns/${campaign}/posts?status=WAITING_APPROVAL&limit=1`)).json()) as { data: { posts: { task_id: number }[] } };
    const id = posts.data.posts[0]!.task_id;
    await page.goto(`/posts/${id}`);
    const box = page.getByLabel(v.locale === "ru" ? "Новый комментарий" : "New comment");
    await box.fill("а".repeat(5000));
    await expect(box).toHaveValue("а".repeat(5000));
    await expect(page.getByTestId("comment-too-long")).toBeVisible();
    if (SHOTS) await box.locator("xpath=ancestor::form").screenshot({ path: `${SHOTS}/comment-too-long-${v.name}.png` });
    await context.close();
  });
}
