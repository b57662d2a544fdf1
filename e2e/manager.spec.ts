import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { isFlat, readCsvZip } from "../test/csv-read";
import { rangeSince } from "../lib/url-state/engagement";
import { authFile, expect, expectNoA11yViolations, test, upstreamTruth } from "./fixtures";

// A manager's weekly report: quotas, campaigns, a campaign's schedules,
// its engagement over a period, a post's history compared with another, and
// the CSV files. Expected numbers come from the dashboard's own API at run
// time: other journeys change the shared world while this one runs.
test.use({ storageState: authFile("manager") });

type Envelope<T> = { data: T };
type Quota = { used: number; limit: number | null; remaining: number | null };
type Account = { plan: { name: string }; quota: Record<"posts" | "images" | "previews", Quota> };
type Campaign = { id: number; name: string; project_id: number; status: string };
type Schedule = { schedule_type: string; time: string; day_of_week_display?: string; interval_days?: number; anchor_date?: string };

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBe(true);
  return ((await res.json()) as Envelope<T>).data;
}

const digits = (s: string | null) => (s ?? "").replace(/\D/g, "");

async function readCsv(page: Page, click: () => Promise<void>): Promise<{ name: string; raw: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const raw = await readFile((await download.path())!, "utf8");
  // Enough of RFC 4180 for our files: quoted fields may hold separators, quotes and newlines.
  // The interface is Russian here, so the separator is `;` (lib/csv/csv.ts).
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const text = raw.replace(/^\uFEFF/, "");
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ";") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else field += c;
  }
  // Every row ends with CRLF, the last one too: no empty row after it.
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return { name: download.suggestedFilename(), raw, rows };
}

test("the overview shows the plan and quotas as the API gives them", async ({ page }) => {
  const account = await api<Account>(page, "/api/account");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Обзор", level: 1 })).toBeVisible();
  await expect(page.getByTestId("plan-name")).toHaveText(account.plan.name);
  for (const [key, label] of [["posts", "Посты"], ["images", "Изображения"], ["previews", "Превью"]] as const) {
    const quota = account.quota[key];
    const bar = page.getByRole("progressbar", { name: label, exact: true });
    if (quota.limit === null) {
      await expect(bar).toHaveCount(0);
      await expect(page.getByTestId("usage-summary").filter({ hasText: "без ограничений" }).first()).toBeVisible();
    } else {
      await expect(bar).toHaveAttribute("aria-valuemax", String(quota.limit));
      await expect(bar).toHaveAttribute("aria-valuenow", String(Math.min(quota.used, quota.limit)));
      await expect(bar).toHaveAttribute("aria-valuetext", new RegExp(`^${quota.used.toLocaleString("ru-RU").replace(/\s/g, "\\s")} из`));
    }
  }
  await expect(page.getByRole("heading", { name: "Требует внимания" })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("campaigns filter in the URL and the rows match the API", async ({ page }) => {
  await page.goto("/campaigns");
  const rows = page.getByTestId("campaign-row");
  const byDefault = await api<{ campaigns: Campaign[] }>(page, "/api/campaigns?status=ACTIVE,FROZEN");
  await expect(rows).toHaveCount(byDefault.campaigns.length);

  // Project filter: the URL says so and the rows are that project's.
  const project = byDefault.campaigns[0]!.project_id;
  await page.getByLabel("Проект").selectOption(String(project));
  await expect(page).toHaveURL(new RegExp(`project=${project}`));
  const ofProject = await api<{ campaigns: Campaign[] }>(page, `/api/campaigns?project_id=${project}&status=ACTIVE,FROZEN`);
  await expect(rows).toHaveCount(ofProject.campaigns.length);

  // Every status ticked.
  await page.getByLabel("Черновик").check();
  await page.getByLabel("Завершена").check();
  await expect(page).toHaveURL(/status=DRAFT%2CACTIVE%2CFROZEN%2CCOMPLETED|status=DRAFT,ACTIVE,FROZEN,COMPLETED/);
  const all = await api<{ campaigns: Campaign[] }>(page, `/api/campaigns?project_id=${project}&status=DRAFT,ACTIVE,FROZEN,COMPLETED`);
  await expect(rows).toHaveCount(all.campaigns.length);
  const names = await rows.locator("td:first-child").allTextContents();
  expect(names.toSorted()).toEqual(all.campaigns.map((c) => c.name).toSorted());

  // Sort by name, then search; both in the URL, and a reload keeps them.
  await page.getByRole("button", { name: /^Название/ }).click();
  await expect(page).toHaveURL(/sort=name/);
  const sorted = await rows.locator("td:first-child").allTextContents();
  expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, "ru")));
  const target = all.campaigns[0]!;
  const word = target.name.split(/\s+/)[0]!.slice(0, 5);
  await page.getByLabel("Поиск по названию").fill(word);
  await expect(page).toHaveURL(/q=/);
  const matching = all.campaigns.filter((c) => c.name.toLowerCase().includes(word.toLowerCase()));
  await expect(rows).toHaveCount(matching.length);
  await page.reload();
  await expect(rows).toHaveCount(matching.length);
  await expect(page.getByLabel("Поиск по названию")).toHaveValue(word);
  await expectNoA11yViolations(page);
});

test("a campaign's page reads its schedules in words", async ({ page }) => {
  const { campaigns } = await api<{ campaigns: Campaign[] }>(page, "/api/campaigns?status=ACTIVE,FROZEN");
  // Prefer a campaign with the most kinds of schedule, so more wordings are checked.
  let best: { campaign: Campaign; schedules: Schedule[] } | null = null;
  for (const c of campaigns.slice(0, 4)) {
    const { schedules } = await api<{ schedules: Schedule[] }>(page, `/api/campaigns/${c.id}/schedules`);
    if (!best || new Set(schedules.map((s) => s.schedule_type)).size > new Set(best.schedules.map((s) => s.schedule_type)).size) {
      best = { campaign: c, schedules };
    }
  }
  const { campaign, schedules } = best!;
  await page.goto("/campaigns");
  await page.getByRole("link", { name: campaign.name, exact: true }).click();
  await expect(page.getByRole("heading", { name: campaign.name, level: 1 })).toBeVisible();
  const list = page.getByTestId("schedules");
  for (const s of schedules) {
    const words =
      s.schedule_type === "DAILY"
        ? `каждый день в ${s.time}`
        : s.schedule_type === "WEEKLY"
          ? `еженедельно, ${s.day_of_week_display}, ${s.time}`
          : s.schedule_type === "EVERY_N_DAYS"
            ? `с ${s.anchor_date} в ${s.time}`
            : `${s.schedule_type}, ${s.time}`;
    await expect(list).toContainText(words);
  }
  await expect(page.getByRole("link", { name: "Очередь согласования" })).toHaveAttribute("href", `/campaigns/${campaign.id}/queue`);
  await expect(page.getByTestId("latest-post").or(page.getByTestId("no-posts"))).toBeVisible();
  await expectNoA11yViolations(page);
});

test("engagement: date range, posts table, sorting and a CSV that matches it", async ({ page }) => {
  test.setTimeout(180_000); // the posts the series lacks arrive as the collector reads them (below)
  const { campaigns } = await api<{ campaigns: Campaign[] }>(page, "/api/campaigns?status=ACTIVE,FROZEN");
  // The campaign with the fewest published posts beyond the 6 the page reads itself: the collector reads the
  // rest on the real limits in seconds, where a cold 60 took 2-4 minutes of the suite (CONTRIBUTING.md).
  let campaign: Campaign | undefined;
  let fewest = Infinity;
  // Counted on the upstream's own lists through the simulator's admin door: a list per campaign with the
  // team's key would take a busy minute's reads from the journeys beside it.
  for (const c of campaigns) {
    const list = await upstreamTruth<{ total: number }>(page, `campaigns/${c.id}/posts/?status=PUBLISHED,PARTIALLY_PUBLISHED&limit=1`);
    if (list.total >= 10 && list.total < fewest) [campaign, fewest] = [c, list.total];
  }
  expect(campaign, "a campaign with published posts").toBeDefined();
  await page.goto(`/campaigns/${campaign!.id}`);
  await page.getByRole("link", { name: "Вовлечённость", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign!.id}/engagement`));
  await expect(page.getByTestId("totals-table")).toBeVisible();

  // 90 days: the posts count is the API's for the same `since`.
  await page.getByText("90 дней", { exact: true }).click();
  await expect(page).toHaveURL(/range=90/);
  const since = rangeSince({ kind: "preset", days: "90" }, new Date());
  const totals = await api<{ posts_count: number }>(page, `/api/campaigns/${campaign!.id}/engagement?since=${encodeURIComponent(since)}`);
  await expect(page.getByTestId("posts-count")).toHaveText(`Постов в периоде: ${totals.posts_count}`);

  // A custom start date goes into the URL too.
  await page.getByText("С даты", { exact: true }).click();
  const from = since.slice(0, 10);
  await page.getByLabel("Начало периода").fill(from);
  await page.getByRole("button", { name: "Применить" }).click();
  await expect(page).toHaveURL(new RegExp(`range=custom&from=${from}`));
  await expect(page.getByTestId("posts-count")).toHaveText(`Постов в периоде: ${totals.posts_count}`);

  // Metrics arrive a few at a time, with progress: the page reads the newest few the series lacks, the
  // collector the rest first, in the background lane (the budget's real limits: about 20 a minute).
  const rows = page.getByTestId("post-row");
  const shown = totals.posts_count; // every post of the period, not a first page
  await expect(rows).toHaveCount(shown);
  await expect(page.getByTestId("engagement-progress")).toHaveText(`Метрики загружены для ${shown} из ${totals.posts_count} постов`, { timeout: 120_000 });

  await page.getByRole("button", { name: /^Просмотры/ }).click();
  // A post the platforms have not measured yet says so ("нет данных"), on screen and in the file alike.
  const missing = "нет данных";
  const views = (await rows.locator("td[data-col='VIEWS']").allTextContents()).map((v) => (v.includes(missing) ? null : Number(digits(v))));
  expect(views).toEqual([...views].sort((a, b) => (b ?? -1) - (a ?? -1)));
  await expectNoA11yViolations(page);

  // A zip of flat tables (campaign, totals, posts): one header row each, numbers as numbers, no data an empty cell.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const name = download.suggestedFilename();
  expect(name).toBe(`campaign_${campaign!.id}_engagement_${from}_${name.slice(-14, -4)}.zip`);
  const files = readCsvZip(await readFile((await download.path())!));
  expect(Object.keys(files).sort()).toEqual(["campaign.csv", "posts.csv", "totals.csv"]);
  for (const table of Object.values(files)) expect(isFlat(table)).toBe(true);
  const [header, ...body] = files["posts.csv"]!;
  expect(header?.slice(0, 5)).toEqual(["Пост", "Заголовок", "Текст", "Опубликован", "Просмотры"]);
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-post-id")));
  expect(body.map((r) => r[0])).toEqual(ids);
  expect(body.map((r) => (r[4] === "" ? null : Number(r[4])))).toEqual(views);
  // The totals on screen are in the file too.
  const viewsTotal = digits(await page.getByTestId("totals-table").locator("tr[data-metric='VIEWS'] td").first().textContent());
  expect(files["totals.csv"]!.find((r) => r[0] === "Просмотры")?.[1]).toBe(viewsTotal);
});

test("a post's history chart, fewer points, compared with another post, as CSV", async ({ page }) => {
  const { campaigns } = await api<{ campaigns: Campaign[] }>(page, "/api/campaigns?status=ACTIVE,FROZEN");
  let posts: { task_id: number }[] = [];
  for (const c of campaigns) {
    // The newest published post may not be measured yet: the ones before it are.
    posts = (await api<{ posts: { task_id: number }[] }>(page, `/api/campaigns/${c.id}/posts?status=PUBLISHED&limit=6`)).posts.slice(1);
    if (posts.length >= 2) break;
  }
  const [post, other] = posts as [{ task_id: number }, { task_id: number }];
  await page.goto(`/posts/${post.task_id}/engagement`);
  await expect(page.getByRole("heading", { name: `Вовлечённость поста №${post.task_id}` })).toBeVisible();
  await expect(page.getByTestId("platform-table")).toBeVisible();
  await expect(page.getByTestId("history-chart")).toBeVisible();

  await page.getByLabel("Точек").selectOption("20");
  await expect(page).toHaveURL(/points=20/);
  const history = await api<{ datapoints: unknown[] }>(page, `/api/posts/${post.task_id}/engagement/history?metric_type=VIEWS&limit=20`);
  await page.getByText("Таблица значений графика").click();
  const tableRows = page.getByTestId("history-table").locator("tbody tr");
  await expect(tableRows).toHaveCount(history.datapoints.length);

  await page.getByRole("checkbox", { name: new RegExp(`Пост №${other.task_id}\\b`) }).check();
  await expect(page).toHaveURL(new RegExp(`compare=${other.task_id}`));
  const otherHistory = await api<{ datapoints: unknown[] }>(page, `/api/posts/${other.task_id}/engagement/history?metric_type=VIEWS&limit=20`);
  await expect(tableRows).toHaveCount(history.datapoints.length + otherHistory.datapoints.length);
  await expect(page.getByTestId("history-chart")).toContainText(`Пост №${other.task_id}`);
  await expectNoA11yViolations(page);

  const csv = await readCsv(page, () => page.getByTestId("export-history-csv").click());
  expect(csv.rows[0]).toEqual(["Пост", "Заголовок", "Время замера", "Просмотры"]);
  const onScreen = await tableRows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
  expect(csv.rows.slice(1).map((r) => [r[0], r[3]])).toEqual(onScreen.map((r) => [r[0], (r[2] ?? "").replace(/\D/g, "")]));
  // Each line's post by its title too (the details the lined-up chart read).
  expect(csv.rows.slice(1).every((r) => (r[1] ?? "").length > 0)).toBe(true);
});
