import { execFileSync } from "node:child_process";
import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations, setLocale } from "./fixtures";
import { signIn, test } from "./own-sign-in";

// The report a manager forwards: the page shows today's review figures (a
// decision taken here first, so the spec stands alone), the PDF downloaded
// from it carries the same figures in its text layer (pdftotext, not a
// picture), and the page passes axe in both themes.
test.use({ role: "manager" });

type PostPage = { data: { posts: { task_id: number }[] } };
/** The project of the campaign whose two posts were decided here (its report holds those decisions). */
let project: { id: number; name: string };
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ").trim();

test.beforeAll(async ({ browser }) => {
  const editor = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "editor"), baseURL: E2E.baseURL });
  const { data } = (await (await editor.request.get("/api/campaigns?status=ACTIVE")).json()) as { data: { campaigns: { id: number; project_id: number; project_name: string }[] } };
  let ids: number[] = [];
  for (const c of data.campaigns) {
    const page = (await (await editor.request.get(`/api/campaigns/${c.id}/posts?status=WAITING_APPROVAL&limit=2`)).json()) as PostPage;
    if (page.data.posts.length >= 2) {
      ids = page.data.posts.map((p) => p.task_id);
      project = { id: c.project_id, name: c.project_name };
      break;
    }
  }
  expect(ids.length).toBe(2);
  const headers = { Origin: E2E.baseURL };
  expect((await editor.request.post(`/api/posts/${ids[0]}/approve`, { data: { source: "single" }, headers })).ok()).toBe(true);
  expect((await editor.request.post(`/api/posts/${ids[1]}/reject`, { data: { reason: "e2e: отчёт", category: "tone", source: "single" }, headers })).ok()).toBe(true);
  await editor.close();
});

test("a manager opens the report, downloads its PDF and finds the page's figures in its text", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/reports?from=${today()}&to=${today()}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Отчёт: вся команда");
  const decisions = plain(await page.locator('[data-review="decisions"]').innerText());
  const median = plain(await page.locator('[data-review="median"]').innerText());
  expect(Number(decisions)).toBeGreaterThanOrEqual(2);
  const planned = plain(await page.locator('[data-plan="planned"]').innerText());
  const period = plain(await page.getByTestId("report-period").innerText());
  const reason = plain(await page.getByRole("table", { name: "Причины отклонения" }).locator("tbody td").first().innerText());
  await expectNoA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-pdf").click()]);
  expect(download.suggestedFilename()).toBe(`report-${today()}-${today()}.pdf`);
  const file = (await download.path())!;
  const text = plain(execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }));
  expect(text).toContain("Отчёт: вся команда");
  expect(text).toContain(period);
  expect(text).toMatch(new RegExp(`Решений ${decisions}\\b`));
  expect(text).toContain(`Медиана от ожидания до решения ${median}`);
  expect(text).toMatch(new RegExp(`Запланировано ${planned}\\b`));
  expect(text).toContain(reason);
  await page.screenshot({ path: "test-results/reports-ru-phone.png", fullPage: true });

  // A read-only link opens the same report for someone with no session, and nothing else.
  await page.getByRole("button", { name: "Поделиться ссылкой только для чтения" }).click();
  const url = await page.getByTestId("report-share-url").inputValue();
  expect(url).toMatch(/\/r\/[0-9a-f]{16}[A-Za-z0-9_-]{43}$/);
  const visitor = await page.context().browser()!.newContext({ storageState: { cookies: [], origins: [] } });
  const shared = await visitor.newPage();
  await shared.goto(new URL(new URL(url).pathname, E2E.baseURL).toString());
  await expect(shared.getByRole("heading", { level: 1 })).toContainText("Отчёт: вся команда");
  expect(plain(await shared.locator('[data-review="decisions"]').innerText())).toBe(decisions);
  await expect(shared.getByRole("link", { name: "Кампании" })).toHaveCount(0);
  await expectNoA11yViolations(shared);
  await shared.goto(new URL(`/r/${"0".repeat(16)}${"A".repeat(43)}`, E2E.baseURL).toString());
  await expect(shared.locator("[data-share-gone=not_found]")).toBeVisible();
  await visitor.close();
});

test("the report in English and dark, on a desktop, passes axe", async ({ page }) => {
  await page.goto("/");
  await setLocale(page, "en");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/reports?from=${today()}&to=${today()}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Report: whole team");
  await expectNoA11yViolations(page);
  await page.screenshot({ path: "test-results/reports-en-dark.png", fullPage: true });
});

test("a manager picks a project: its report, its PDF, and an unknown project refused", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/reports?from=${today()}&to=${today()}`);
  const team = Number(plain(await page.locator('[data-review="decisions"]').innerText()));
  await page.getByRole("combobox", { name: "Отчёт по" }).selectOption(`project-${project.id}`);
  await page.getByRole("button", { name: "Показать" }).click();
  await expect(page).toHaveURL(new RegExp(`scope=project-${project.id}`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Отчёт: проект «${project.name}»`);
  // The two decisions of this spec are on a campaign of this project; the team's may hold more.
  const decisions = Number(plain(await page.locator('[data-review="decisions"]').innerText()));
  expect(decisions).toBeGreaterThanOrEqual(2);
  expect(decisions).toBeLessThanOrEqual(team);
  await expect(page.getByRole("combobox", { name: "Отчёт по" })).toHaveValue(`project-${project.id}`);
  await expectNoA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-pdf").click()]);
  expect(download.suggestedFilename()).toBe(`report-project-${project.id}-${today()}-${today()}.pdf`);
  const text = plain(execFileSync("pdftotext", ["-layout", (await download.path())!, "-"], { encoding: "utf8" }));
  expect(text).toContain(`Отчёт: проект «${project.name}»`);
  expect(text).toMatch(new RegExp(`Решений ${decisions}\\b`));

  // Looked at: ru and en, light and dark, phone and desktop.
  await page.screenshot({ path: "test-results/reports-project-ru-light-phone.png", fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: "test-results/reports-project-ru-dark-phone.png", fullPage: true });
  await setLocale(page, "en");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/reports?project=${project.id}&from=${today()}&to=${today()}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Report: project “${project.name}”`);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: "test-results/reports-project-en-dark-desktop.png", fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.screenshot({ path: "test-results/reports-project-en-light-desktop.png", fullPage: true });

  await page.goto(`/reports?project=999999&from=${today()}&to=${today()}`);
  await expect(page.getByRole("alert").filter({ hasText: "project 999999" })).toBeVisible();
  const r = await page.request.get(`/api/reports/pdf?project=999999&from=${today()}&to=${today()}`);
  expect(r.status()).toBe(404);
  expect(((await r.json()) as { error: { code: string } }).error.code).toBe("not_found");
  await setLocale(page, "ru");
});

test("a bad period is refused in words, not a crash", async ({ page }) => {
  await page.goto("/reports?from=2026-13-01&to=2026-01-01");
  await expect(page.getByRole("alert").filter({ hasText: "Период отчёта" })).toBeVisible();
  const r = await page.request.get("/api/reports/pdf?from=2026-01-02&to=2026-01-01");
  expect(r.status()).toBe(400);
  expect(((await r.json()) as { error: { code: string } }).error.code).toBe("validation_error");
});

test("a manager subscribes to the Monday report on the profile and ends it", async ({ page }) => {
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Отчёты по расписанию" });
  await expect(section).toBeVisible();
  await section.getByRole("combobox", { name: "Час", exact: true }).selectOption("9");
  await section.getByRole("button", { name: "Подписаться" }).click();
  const row = section.getByTestId("report-subscriptions").getByText("Вся команда: по дням «Понедельник» в 09:00, Почта");
  await expect(row).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: "test-results/reports-profile.png", fullPage: true });
  await section.getByRole("button", { name: "Отписаться" }).first().click();
  await expect(row).toHaveCount(0);
});
