import { readFile } from "node:fs/promises";
import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { signIn, test } from "./own-sign-in";

// The decision log as a manager reads it: the decisions made through the
// dashboard (queue.spec.ts's, and one made here so this spec also stands alone),
// filters in the URL, paging, and the CSV export with the same filters.
test.use({ role: "manager" });

type PostPage = { data: { posts: { task_id: number }[] } };
const reason = `e2e-activity-${Date.now()}`;
let rejected: number;

test.beforeAll(async ({ browser }) => {
  const editor = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "editor"), baseURL: E2E.baseURL });
  const { data } = (await (await editor.request.get("/api/campaigns?status=ACTIVE")).json()) as { data: { campaigns: { id: number }[] } };
  for (const c of data.campaigns) {
    const page = (await (await editor.request.get(`/api/campaigns/${c.id}/posts?status=WAITING_APPROVAL&limit=1`)).json()) as PostPage;
    if (page.data.posts[0]) {
      rejected = page.data.posts[0].task_id;
      break;
    }
  }
  expect(rejected).toBeGreaterThan(0);
  const res = await editor.request.post(`/api/posts/${rejected}/reject`, { data: { reason, source: "single" }, headers: { Origin: E2E.baseURL } });
  expect(res.ok()).toBe(true);
  await editor.close();
});

test("a manager sees decisions, filters them in the URL and downloads the CSV", async ({ page }) => {
  await page.goto("/activity");
  await expect(page.getByRole("heading", { name: "Журнал решений" })).toBeVisible();
  await expect(page.locator("tbody tr[data-task-id]").first()).toBeVisible();
  await expect(page.locator(`tbody tr[data-task-id='${rejected}']`).first()).toContainText(reason);
  await expectNoA11yViolations(page);

  await page.getByLabel("Пост (№)").fill(String(rejected));
  await page.getByLabel("Действие").selectOption("reject");
  await page.getByRole("button", { name: "Применить" }).click();
  await expect(page).toHaveURL(new RegExp(`post=${rejected}.*action=reject|action=reject.*post=${rejected}`));
  const rows = page.locator("tbody tr[data-task-id]");
  // Until the filtered page arrives the unfiltered one stays on screen, and its first row may be this
  // very decision (the newest): wait until every row is the post's.
  await expect(async () => {
    const ids = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-task-id"))));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toBe(rejected);
  }).toPass();
  await expect(rows.first()).toContainText(reason);

  const link = page.getByRole("link", { name: "Скачать CSV", exact: true });
  await expect(link).toHaveAttribute("href", new RegExp(`format=csv.*task_id=${rejected}|task_id=${rejected}.*format=csv`));
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.replace(/^\uFEFF/, "").trim().split(/\r\n/);
  // Russian headers, `;` between fields: what Excel with Russian settings opens as columns.
  expect(lines[0]).toContain("Пост;Заголовок;Кампания");
  expect(lines.length).toBeGreaterThanOrEqual(2);
  expect(lines.slice(1).every((l) => l.includes(`;${rejected};`))).toBe(true);
  expect(csv).toContain(reason);

  // The decisions queue.spec.ts made from the keyboard and in bulk are there too, when it ran first.
  await page.goto("/activity");
  await expect(page.locator("tbody tr[data-task-id]").first()).toBeVisible();
});

test("the log reads by name: pickers of campaigns and people, titles and names in rows, all of it within 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/activity");
  const row = page.locator(`tbody tr[data-task-id='${rejected}']`).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  // The post by number and title, the campaign by name, the person by name with their role in words.
  await expect(row.getByRole("link", { name: new RegExp(`^Пост №${rejected}: .+`) })).toBeVisible();
  await expect(row.getByRole("link", { name: /^\d+$/ })).toHaveCount(0);
  await expect(row).toContainText("редактор");

  // Nothing clipped: the table needs no sideways scroll at 1280 px and «Откуда» is on screen.
  const box = page.getByRole("region", { name: "Записи журнала" }).locator("table").locator("..");
  expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const source = await page.getByRole("columnheader", { name: "Откуда" }).first().boundingBox();
  expect(source!.x + source!.width).toBeLessThanOrEqual(1280);

  // Pickers offer names, not numbers; choosing the editor narrows both tables to them.
  const person = page.getByRole("combobox", { name: "Кто", exact: true });
  // The pickers' list is its own request, answered beside the rows: on a busy machine it may come later.
  await expect(person.locator("option", { hasText: "— редактор" }).first()).toBeAttached({ timeout: 30_000 });
  const campaign = page.getByRole("combobox", { name: "Кампания", exact: true });
  await expect(campaign.locator("option").nth(1)).toHaveText(/\D/);
  const editor = await person.locator("option", { hasText: "— редактор" }).first().evaluate((o: HTMLOptionElement) => ({ value: o.value, name: o.text.split(" — ")[0]! }));
  expect(editor.value).toContain("@");
  await person.selectOption(editor.value);
  await page.getByRole("button", { name: "Применить" }).click();
  await expect(page).toHaveURL(new RegExp(`person=${editor.value.replace(/[.+]/g, "\\$&").replace("@", "(@|%40)")}`));
  const rows = page.locator("tbody tr[data-task-id]");
  await expect(rows.first()).toBeVisible();
  // The previous rows stay on screen until the filtered page answers: wait for it, not for any rows.
  await expect
    .poll(async () => (await rows.locator("td:nth-child(2)").allTextContents()).filter((who) => !who.startsWith(editor.name)), { timeout: 15_000 })
    .toEqual([]);
  await expectNoA11yViolations(page);
});

test.describe("other roles", () => {
  test.use({ role: "editor" });
  test("an editor gets a clear not-allowed state", async ({ page }) => {
    await page.goto("/activity");
    await expect(page.getByText("Журнал решений доступен только администраторам и менеджерам.")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
