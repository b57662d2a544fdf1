import { mkdirSync } from "node:fs";
import type { Page, Route } from "@playwright/test";
import { E2E } from "../playwright.config";
import { authFile, expect, expectNoA11yViolations, setLocale, test } from "./fixtures";

// Pages heal by themselves (ARCHITECTURE.md): a read that keeps failing shows one banner counting
// down to React Query's next attempt, the server's Retry-After honoured, at once when the network
// comes back, and the page recovers without a click. The calendar's next month is read by the browser.
test.use({ storageState: authFile("editor") });

const SHOTS = process.env.E2E_SHOTS ?? "test-results/heal";
mkdirSync(SHOTS, { recursive: true });

const CALENDAR_READS = "**/api/calendar?**";
const banner = (page: Page) => page.locator("[data-outage]");
const countdown = (page: Page) => page.locator("[data-outage-countdown]");

function unavailable(retryAfter: number, message: string) {
  return (route: Route) =>
    route.fulfill({
      status: 503,
      headers: { "Content-Type": "application/json", "Retry-After": String(retryAfter) },
      body: JSON.stringify({ error: { code: "upstream_unavailable", message } }),
    });
}

/** The calendar's first shown day, then a read of the next month that will fail as `fail` says. */
async function nextMonthWhile(page: Page, fail: (route: Route) => Promise<void>, button = "Следующий месяц"): Promise<{ asked: number[]; firstDay: string | null }> {
  await page.goto("/calendar");
  const firstDay = await page.locator("button[data-day]").first().getAttribute("data-day");
  const asked: number[] = [];
  await page.route(CALENDAR_READS, async (route) => {
    asked.push(Date.now());
    await fail(route);
  });
  await page.getByRole("button", { name: button }).click();
  return { asked, firstDay };
}

test("a 503 with Retry-After: one banner counts down, no request before the wait, the page heals by itself", async ({ page }) => {
  const { asked, firstDay } = await nextMonthWhile(page, unavailable(4, "Сервис временно недоступен"));
  await expect(banner(page)).toHaveCount(1);
  await expect(banner(page).getByRole("alert")).toHaveText("Сервис временно недоступен");
  await expect(countdown(page)).toHaveText(/^Следующая попытка через [1-4] с$/);
  await expectNoA11yViolations(page);

  await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(2);
  expect(asked[1]! - asked[0]!, "the second read waited the server's 4 s").toBeGreaterThanOrEqual(3_900);

  await page.unroute(CALENDAR_READS);
  await expect(page.locator("button[data-day]").first()).not.toHaveAttribute("data-day", firstDay ?? "", { timeout: 10_000 });
  await expect(banner(page)).toHaveCount(0);
});

test("no network: the banner says so, nothing is asked meanwhile, and the page heals as soon as it is back", async ({ page, context }) => {
  const { asked, firstDay } = await nextMonthWhile(page, (route) => route.abort("internetdisconnected"));
  await expect(banner(page).getByRole("alert")).toHaveText(/Нет связи с сервером панели/);
  // Attempts at 0, 1, 3 and 7 s: the next would be 15 s after the first.
  await expect.poll(() => asked.length, { timeout: 12_000 }).toBe(4);
  await context.setOffline(true);
  await expect(countdown(page)).toHaveText("Браузер не в сети: повторим, как только сеть вернётся");
  await page.unroute(CALENDAR_READS);
  const back = Date.now();
  await context.setOffline(false);
  await expect(page.locator("button[data-day]").first()).not.toHaveAttribute("data-day", firstDay ?? "", { timeout: 5_000 });
  expect(Date.now() - back, "healed at once, not at the backoff's next step").toBeLessThan(4_000);
  await expect(banner(page)).toHaveCount(0);
});

const VIEWS = [
  { locale: "ru" as const, scheme: "light" as const, viewport: { width: 390, height: 844 }, next: "Следующий месяц", name: "ru-light-phone" },
  { locale: "ru" as const, scheme: "dark" as const, viewport: { width: 1366, height: 900 }, next: "Следующий месяц", name: "ru-dark-desktop" },
  { locale: "en" as const, scheme: "light" as const, viewport: { width: 1366, height: 900 }, next: "Next month", name: "en-light-desktop" },
  { locale: "en" as const, scheme: "dark" as const, viewport: { width: 390, height: 844 }, next: "Next month", name: "en-dark-phone" },
];

for (const v of VIEWS) {
  test(`the banner reads well (${v.name})`, async ({ browser }) => {
    const context = await browser.newContext({ storageState: authFile("editor"), baseURL: E2E.baseURL, viewport: v.viewport, colorScheme: v.scheme });
    const page = await context.newPage();
    await setLocale(page, v.locale);
    const message = v.locale === "ru" ? "Сервис временно недоступен" : "The service is unavailable for now";
    await nextMonthWhile(page, unavailable(30, message), v.next);
    await expect(countdown(page)).toHaveText(v.locale === "ru" ? /^Следующая попытка через \d+ с$/ : /^Next attempt in \d+ s$/);
    await banner(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/banner-${v.name}.png` });
    await expectNoA11yViolations(page);
    await context.close();
  });
}
