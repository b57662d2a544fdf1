import { readFile } from "node:fs/promises";
import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { signIn, test } from "./own-sign-in";

// Review analytics as a manager reads them: the decisions made through the
// dashboard (one approval and one categorised rejection made here, so this
// spec stands alone) agree with the audit log, every chart has its table,
// the campaign filter lives in the URL, and a panel downloads as CSV.
test.use({ role: "manager" });

type PostPage = { data: { posts: { task_id: number }[] } };
type AuditPage = { items: { http_status: number; error_code: string | null; action: string }[]; total: number };
let campaignId = 0;

/** Today in Moscow, the dashboard's home time zone, as the page's default range ends. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());

test.beforeAll(async ({ browser }) => {
  const editor = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "editor"), baseURL: E2E.baseURL });
  const { data } = (await (await editor.request.get("/api/campaigns?status=ACTIVE")).json()) as { data: { campaigns: { id: number }[] } };
  let ids: number[] = [];
  for (const c of data.campaigns) {
    const page = (await (await editor.request.get(`/api/campaigns/${c.id}/posts?status=WAITING_APPROVAL&limit=2`)).json()) as PostPage;
    if (page.data.posts.length >= 2) {
      campaignId = c.id;
      ids = page.data.posts.map((p) => p.task_id);
      break;
    }
  }
  expect(ids.length).toBe(2);
  const headers = { Origin: E2E.baseURL };
  expect((await editor.request.post(`/api/posts/${ids[0]}/approve`, { data: { source: "single" }, headers })).ok()).toBe(true);
  expect((await editor.request.post(`/api/posts/${ids[1]}/reject`, { data: { reason: "e2e: тон", category: "tone", source: "single" }, headers })).ok()).toBe(true);
  await editor.close();
});

test("a manager reads review analytics that agree with the audit log, and downloads a panel as CSV", async ({ page }) => {
  await page.goto("/analytics/review");
  await expect(page.getByRole("heading", { level: 1, name: "Аналитика согласования" })).toBeVisible();
  await expect(page.getByTestId("review-analytics")).toBeVisible();

  // The audit log's successful decisions of today, counted by the same rule.
  const from = `${today()}T00:00:00+03:00`;
  const to = `${today()}T23:59:59.999+03:00`;
  const audit = (await (await page.request.get(`/api/audit?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&limit=200`)).json()) as AuditPage;
  const taken = audit.items.filter((i) => i.http_status === 200 && !i.error_code);
  expect(taken.length).toBeGreaterThanOrEqual(2);
  await page.goto(`/analytics/review?from=${today()}&to=${today()}`);
  await expect(page.getByTestId("sum-decisions")).toContainText(String(taken.length));
  await expect(page.getByTestId("sum-approvals")).toContainText(String(taken.filter((i) => i.action === "approve").length));

  // Every chart has a table view with the same numbers.
  const days = page.getByTestId("panel-days");
  await expect(days.getByTestId("review-chart")).toBeVisible();
  await days.getByText("Показать таблицу").click();
  await expect(days.locator("tbody tr").first()).toContainText(today());
  const reasons = page.getByTestId("panel-reasons");
  await reasons.getByText("Показать таблицу").click();
  await expect(reasons.locator("tbody")).toContainText("Тон");
  await expectNoA11yViolations(page);

  // The campaign filter goes into the URL and narrows every panel.
  await page.getByRole("combobox", { name: "Кампания" }).selectOption(String(campaignId));
  await page.getByRole("button", { name: "Применить" }).click();
  await expect(page).toHaveURL(new RegExp(`campaign=${campaignId}`));
  await expect(page.getByTestId("panel-campaigns").locator("tbody tr")).toHaveCount(1);

  const link = page.getByTestId("csv-people");
  await expect(link).toHaveAttribute("href", new RegExp(`campaign_id=${campaignId}`));
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.replace(/^\uFEFF/, "").trim().split(/\r\n/);
  // Russian headers, `;` between fields.
  expect(lines[0]).toBe("Участник;Почта;Решений;Согласовано;Отклонено");
  expect(lines.some((l) => l.includes(";editor@example.com;"))).toBe(true);
});

test("the presets set the range in the URL", async ({ page }) => {
  await page.goto("/analytics/review");
  await page.getByTestId("preset-90").click();
  await expect(page).toHaveURL(new RegExp(`to=${today()}`));
  await expect(page.locator("input[name=from]")).not.toHaveValue("");
  await expect(page.getByTestId("review-analytics")).toBeVisible();
});

test.describe("other roles", () => {
  test.use({ role: "editor" });
  test("an editor gets a clear not-allowed state", async ({ page }) => {
    await page.goto("/analytics/review");
    await expect(page.getByText("Аналитика согласования доступна менеджерам и администраторам.")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
