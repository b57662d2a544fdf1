import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { calendarDay, shiftDay } from "../lib/analytics/dates";
import { isFlat, readCsvZip } from "../test/csv-read";
import { authFile, expect, expectNoA11yViolations, test, upstreamTruth } from "./fixtures";

// A manager's campaign trend and complete per-post file: the
// numbers are checked against the dashboard's proxy of the upstream's own
// campaign totals for the same period (the simulator is frozen in e2e).
test.use({ storageState: authFile("manager") });

type Envelope<T> = { data: T };

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBe(true);
  return ((await res.json()) as Envelope<T>).data;
}

const digits = (s: string | null) => (s ?? "").replace(/\D/g, "");

/** Our zipped exports: one flat CSV per table, in Russian `;`-separated (lib/csv/zip.ts, read by test/csv-read.ts). */
async function readZip(page: Page, click: () => Promise<void>): Promise<{ name: string; files: Record<string, string[][]> }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const files = readCsvZip(await readFile((await download.path())!));
  for (const [name, rows] of Object.entries(files)) expect(isFlat(rows), name).toBe(true);
  return { name: download.suggestedFilename(), files };
}

test("a campaign's daily trend with its table view, and a per-post CSV holding every post of the period", async ({ page }) => {
  test.setTimeout(240_000);
  const today = calendarDay(new Date());
  const from = shiftDay(today, -30);
  const since = encodeURIComponent(`${from}T00:00:00+03:00`);
  // The campaign with the fewest posts published in the last 30 days beyond the 6 the page reads itself: the
  // collector reads the rest on the real limits in seconds, where a cold 50 took 2-4 minutes of the suite.
  // Chosen on the upstream's own totals, read through the simulator's admin door: a read per campaign
  // with the team's key would take a busy minute's reads from the journeys beside it.
  const { campaigns } = await api<{ campaigns: { id: number }[] }>(page, "/api/campaigns?status=ACTIVE,FROZEN,COMPLETED");
  let campaignId = 0;
  let fewest = Infinity;
  for (const c of campaigns) {
    const e = await upstreamTruth<{ posts_count: number }>(page, `campaigns/${c.id}/engagement/?since=${since}`);
    if (e.posts_count >= 10 && e.posts_count < fewest) [campaignId, fewest] = [c.id, e.posts_count];
  }
  // The dashboard's proxy of the chosen one's totals: what the page and its files must agree with.
  const totals = await api<{ posts_count: number; aggregated: Record<string, { total: number }> }>(page, `/api/campaigns/${campaignId}/engagement?since=${since}`);
  expect(totals.posts_count).toBeGreaterThanOrEqual(10);
  const viewsTotal = totals.aggregated.VIEWS?.total;

  await page.goto(`/campaigns/${campaignId}/engagement`);
  await expect(page.getByRole("heading", { name: "Динамика по дням" })).toBeVisible();

  // Every post of the period, not a first page: values from the time series; of the rest the page reads the
  // newest few, the collector the others first, in the background lane (real limits: about 20 a minute).
  const rows = page.getByTestId("post-row");
  await expect(rows).toHaveCount(totals.posts_count, { timeout: 30_000 });
  await expect(page.getByTestId("posts-collecting").or(page.getByTestId("posts-complete")).first()).toBeVisible();
  await expect(page.getByTestId("engagement-progress")).toHaveText(`Метрики загружены для ${totals.posts_count} из ${totals.posts_count} постов`, { timeout: 120_000 });
  await expect(page.getByTestId("posts-complete")).toHaveText(`Все посты периода в таблице и в файле: ${totals.posts_count}`);

  const csv = await readZip(page, () => page.getByTestId("export-csv").click());
  expect(csv.name).toBe(`campaign_${campaignId}_engagement_${from}_${today}.zip`);
  const [header, ...body] = csv.files["posts.csv"]!;
  expect(body).toHaveLength(totals.posts_count);
  expect(header?.slice(-2)).toEqual(["Замер", "Статус"]);
  // Every post is in: no row still waiting or failed.
  expect(body.every((r) => r.at(-1) === "")).toBe(true);
  // The file's views add up to the upstream's own campaign total for the same period (an empty cell: not reported).
  const sum = body.reduce((n, r) => n + Number(r[4] || 0), 0);
  expect(sum).toBe(viewsTotal);

  // The trend covers every post once the series has a reading of each (the page's and the collector's reads above filled it);
  // the history of earlier days may still be loading in the background, which only shapes the days before today.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("trend-coverage")).toContainText(`Учтено постов: ${totals.posts_count} из ${totals.posts_count}.`, { timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  // A chart is drawn when its box comes near the screen (components/charts/when-visible.tsx).
  const metrics = page.getByTestId("trend-charts").locator("li[data-metric]");
  await expect(metrics).toHaveCount(5);
  for (const item of await metrics.all()) {
    await item.scrollIntoViewIfNeeded();
    await expect(item.getByTestId("trend-chart")).toBeVisible();
  }
  await expectNoA11yViolations(page);

  // The table view: a row per day, today's views = the upstream's total.
  await page.getByTestId("trend-view-table").click();
  await expect(page.getByTestId("trend-view-table")).toHaveAttribute("aria-pressed", "true");
  const table = page.getByTestId("trend-table");
  await expect(table.locator("tbody tr")).toHaveCount(31);
  expect(digits(await table.locator(`tr[data-day='${today}'] td[data-col='VIEWS']`).textContent())).toBe(String(viewsTotal));
  await expectNoA11yViolations(page);

  // The trend's file: the same table, a line per day, today's views the same total.
  const trendZip = await readZip(page, () => page.getByTestId("export-trend-csv").click());
  expect(trendZip.name).toBe(`campaign_${campaignId}_trend_${from}_${today}.zip`);
  const [th, ...days] = trendZip.files["trend.csv"]!;
  expect(th?.slice(0, 2)).toEqual(["День", "Просмотры"]);
  expect(days).toHaveLength(31);
  expect(days.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r[0] ?? ""))).toBe(true);
  expect(days.at(-1)?.[0]).toBe(today);
  expect(Number(days.at(-1)?.[1])).toBe(viewsTotal);
});

test("the post page and its engagement page show the same snapshot", async ({ page }) => {
  const { campaigns } = await api<{ campaigns: { id: number }[] }>(page, "/api/campaigns?status=ACTIVE,FROZEN");
  let postId = 0;
  for (const c of campaigns) {
    const list = await api<{ posts: { task_id: number }[] }>(page, `/api/campaigns/${c.id}/posts?status=PUBLISHED&limit=3`);
    if (list.posts[1]) {
      postId = list.posts[1].task_id;
      break;
    }
  }
  expect(postId).toBeGreaterThan(0);
  const engagement = await api<{ metrics: { metric_type: string; value: number }[] }>(page, `/api/posts/${postId}/engagement`);
  const views = engagement.metrics.filter((m) => m.metric_type === "VIEWS").reduce((n, m) => n + m.value, 0);
  await page.goto(`/posts/${postId}`);
  const summary = page.getByTestId("engagement-summary");
  await expect(summary.locator("[data-metric='VIEWS'] dd")).toBeVisible();
  expect(digits(await summary.locator("[data-metric='VIEWS'] dd span").first().textContent())).toBe(String(views));
  await expect(summary.locator("[data-metric='VIEWS'] time")).toBeVisible();
  await expectNoA11yViolations(page);
});
