import type { Page } from "@playwright/test";
import { alignPoints, alignUnit, inUnit, publicationMs } from "../lib/analytics/align";
import { historyPoints } from "../lib/analytics/engagement";
import { authFile, expect, expectNoA11yViolations, test } from "./fixtures";

// A manager compares how posts of two campaigns took off: lined up by the
// time since each one's publication (the default), then on calendar time.
// The expected ages are computed here from the dashboard's own answers.
test.use({ storageState: authFile("manager") });

type Detail = { task_id: number; status: string; published_at: string | null; publish_records: { status: string; published_at: string | null }[] };
type History = { datapoints: { value: number; collected_at: string }[] };

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Two measured published posts from two different campaigns (the newest of each may not be measured yet). */
async function postsOfTwoCampaigns(page: Page): Promise<[{ task_id: number; campaign: number }, { task_id: number; campaign: number; campaignName: string }]> {
  const { campaigns } = await api<{ campaigns: { id: number; name: string }[] }>(page, "/api/campaigns?status=ACTIVE,FROZEN");
  const found: { task_id: number; campaign: number; campaignName: string }[] = [];
  for (const c of campaigns) {
    const { posts } = await api<{ posts: { task_id: number }[] }>(page, `/api/campaigns/${c.id}/posts?status=PUBLISHED&limit=3`);
    const post = posts[1];
    if (post) found.push({ task_id: post.task_id, campaign: c.id, campaignName: c.name });
    if (found.length === 2) break;
  }
  expect(found).toHaveLength(2);
  return found as [{ task_id: number; campaign: number }, { task_id: number; campaign: number; campaignName: string }];
}

test("posts of two campaigns line up by hours since publication, then switch to calendar time", async ({ page }) => {
  const [post, other] = await postsOfTwoCampaigns(page);
  await page.goto(`/posts/${post.task_id}/engagement?points=20`);
  await expect(page.getByTestId("history-chart")).toBeVisible();
  await expect(page.getByRole("radio", { name: "После публикации" })).toBeChecked();

  // Another campaign's post: pick its campaign, then tick the post.
  await page.getByLabel("Кампания", { exact: true }).selectOption(String(other.campaign));
  await page.getByRole("checkbox", { name: new RegExp(`Пост №${other.task_id}\\b`) }).check();
  await expect(page).toHaveURL(new RegExp(`compare=${other.task_id}`));
  await expect(page.getByTestId("compare-selected")).toContainText(`Пост №${other.task_id}`);

  // The table's ages, computed by hand from each post's publication and its datapoints.
  const ids = [post.task_id, other.task_id];
  const aligned = await Promise.all(
    ids.map(async (id) => {
      const detail = await api<Detail>(page, `/api/posts/${id}`);
      const history = await api<History>(page, `/api/posts/${id}/engagement/history?metric_type=VIEWS&limit=20`);
      const at = publicationMs(detail);
      expect(at, `post ${id} has a publication moment`).toBeDefined();
      return alignPoints(historyPoints(history.datapoints), at!);
    }),
  );
  const unit = alignUnit(aligned);
  const number = new Intl.NumberFormat("ru", { maximumFractionDigits: 2 });
  const expected = aligned.flatMap((points) => points.map((p) => `+${number.format(inUnit(p.sinceMs, unit))} ${unit === "hours" ? "ч" : "дн."}`));
  await page.getByText("Таблица значений графика").click();
  const table = page.getByTestId("history-table");
  await expect(table.locator("thead")).toContainText("После публикации");
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(expected.length);
  const ages = await rows.evaluateAll((trs) => trs.map((tr) => (tr.querySelectorAll("td")[1]?.textContent ?? "").replace(/\u00a0/g, " ")));
  expect(ages).toEqual(expected.map((s) => s.replace(/\u00a0/g, " ")));
  await expect(page.getByTestId("history-chart")).toContainText(`Пост №${other.task_id}`);
  await expectNoA11yViolations(page);

  // A post typed by its number joins the chart; the limit is five posts in all.
  await page.getByLabel("Пост по номеру").fill(String(post.task_id));
  await page.getByRole("button", { name: "Добавить" }).click();
  await expect(page.getByText(`Пост №${post.task_id} уже на графике.`)).toBeVisible();

  // Calendar time: the same points at their collection moments.
  await page.getByText("По календарю", { exact: true }).click();
  await expect(page).toHaveURL(/align=calendar/);
  await expect(table.locator("thead")).toContainText("Время замера");
  await expect(rows).toHaveCount(expected.length);
  await expectNoA11yViolations(page);
});

test("at most five posts on one chart, from any campaign", async ({ page }) => {
  const [post] = await postsOfTwoCampaigns(page);
  await page.goto(`/posts/${post.task_id}/engagement`);
  const list = page.getByTestId("compare-list");
  await expect(list).toBeVisible();
  const boxes = list.getByRole("checkbox");
  expect(await boxes.count()).toBeGreaterThanOrEqual(5);
  for (let i = 0; i < 4; i += 1) await boxes.nth(i).check();
  await expect(page).toHaveURL(/compare=\d+,\d+,\d+,\d+/);
  await expect(boxes.nth(4)).toBeDisabled();
  await page.getByLabel("Пост по номеру").fill("123456");
  await page.getByRole("button", { name: "Добавить" }).click();
  await expect(page.getByText("На графике уже 5 постов")).toBeVisible();
  // Removing one frees a place.
  await page.getByTestId("compare-selected").getByRole("button").first().click();
  await expect(boxes.nth(4)).toBeEnabled();
});
