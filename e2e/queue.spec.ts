import type { APIRequestContext, Page } from "@playwright/test";
import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { signIn, test } from "./own-sign-in";

// The review queue as an editor works it: filters in the URL, keyboard
// approve (with its 5 s undo window, the cursor moving on at once), reject
// with a reason, bulk approve (asked once, undoable for 5 s) with progress,
// and a change made elsewhere showing up without a reload.
test.use({ role: "editor" });

type CampaignList = { data: { campaigns: { id: number; status: string }[] } };
type PostPage = { data: { total: number; posts: { task_id: number; status: string }[] } };

/** An ACTIVE campaign with plenty of posts waiting, found at run time (the world is shared by all specs). */
async function busyCampaign(request: APIRequestContext, atLeast = 8): Promise<number> {
  const { data } = (await (await request.get("/api/campaigns?status=ACTIVE")).json()) as CampaignList;
  let best = { id: 0, total: -1 };
  for (const c of data.campaigns.filter((c) => c.status === "ACTIVE")) {
    const page = (await (await request.get(`/api/campaigns/${c.id}/posts?status=WAITING_APPROVAL&limit=1`)).json()) as PostPage;
    if (page.data.total > best.total) best = { id: c.id, total: page.data.total };
  }
  expect(best.total, "an ACTIVE campaign with posts waiting").toBeGreaterThanOrEqual(atLeast);
  return best.id;
}

async function postStatus(request: APIRequestContext, id: number): Promise<string> {
  const body = (await (await request.get(`/api/posts/${id}`)).json()) as { data: { status: string } };
  return body.data.status;
}

// Rows of a hydrated queue: its keys, selection and buttons work (the rows themselves come in the server's HTML).
const rows = (page: Page) => page.locator("[data-interactive] tbody tr[data-task-id]");
const cursorRow = (page: Page) => page.locator("tbody tr[aria-current='true']");
async function cursorId(page: Page): Promise<number> {
  return Number(await cursorRow(page).getAttribute("data-task-id"));
}
/** The preview shows the post's loaded version: decisions on it (pinned to that version) can be made. */
const versionShown = (page: Page, id: number) => expect(page.locator(`aside [data-preview-post='${id}'] [data-preview-version]`).first()).toBeVisible();

let campaignId: number;
/** Decisions made by the journeys below, checked in the activity log at the end. */
const made: { keyboard?: number; rejected?: number; bulk?: number } = {};

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: await signIn(browser, baseURL ?? "", "editor") });
  campaignId = await busyCampaign(context.request);
  await context.close();
});

test("filters, sort and page size live in the URL, and a shared link opens the same view", async ({ page }) => {
  await page.goto(`/campaigns/${campaignId}/queue`);
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).first()).toHaveAttribute("data-post-status", "WAITING_APPROVAL");

  const approved = page.getByRole("checkbox", { name: "Согласован", exact: true });
  await approved.click();
  await expect(page).toHaveURL(/status=WAITING_APPROVAL,APPROVED/);
  await expect(approved).toBeChecked();
  await page.getByLabel("Сортировка").selectOption("created_at");
  await expect(page).toHaveURL(/sort=created_at/);
  await page.getByLabel("На странице", { exact: true }).selectOption("50");
  await expect(page).toHaveURL(/size=50/);
  await expect(page.getByRole("navigation", { name: "Страницы" })).toContainText(/из \d+/);
  for (const status of await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-post-status")))) {
    expect(["WAITING_APPROVAL", "APPROVED"]).toContain(status);
  }
  await expectNoA11yViolations(page);

  // Invalid values fall back to the defaults, and the URL says so.
  await page.goto(`/campaigns/${campaignId}/queue?status=NOPE&sort=title&size=7&page=-2`);
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}/queue$`));
  await expect(rows(page).first()).toHaveAttribute("data-post-status", "WAITING_APPROVAL");
});

test("keyboard: j moves, a approves after the 5 s undo window, Undo cancels, ? lists the keys", async ({ page }) => {
  // The page's clock jumps through the undo window instead of waiting it out in real time.
  await page.clock.install();
  await page.goto(`/campaigns/${campaignId}/queue`);
  await expect(rows(page).first()).toBeVisible();

  await page.keyboard.press("?");
  const keys = page.getByRole("dialog", { name: "Клавиши очереди" });
  await expect(keys).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(keys).toBeHidden();

  await page.keyboard.press("j");
  await expect(cursorRow(page)).toHaveCount(1);
  await page.keyboard.press("j");
  const undone = await cursorId(page);
  const ids = await rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-task-id"))));
  await versionShown(page, undone);
  await page.keyboard.press("a");
  // The next post is up at once, while the approval waits out its window.
  await expect.poll(() => cursorId(page)).toBe(ids[ids.indexOf(undone) + 1]);
  await page.getByRole("button", { name: `Отменить согласование поста №${undone}` }).click();
  // Undone: back on the post whose approval was taken back.
  await expect.poll(() => cursorId(page)).toBe(undone);

  await page.keyboard.press("k");
  const approved = await cursorId(page);
  expect(approved).not.toBe(undone);
  await versionShown(page, approved);
  await page.keyboard.press("a");
  await expect(page.getByText(`Пост №${approved} будет согласован через`)).toBeVisible();
  await expect.poll(() => cursorId(page)).toBe(undone);
  // Nothing is sent during the window.
  await page.clock.fastForward(2_000);
  expect(await postStatus(page.request, approved)).toBe("WAITING_APPROVAL");
  await page.clock.fastForward(3_500);

  // After it: the row shows the new status or leaves the WAITING_APPROVAL view.
  const row = page.locator(`tbody tr[data-task-id='${approved}']`);
  await expect(async () => {
    // Read without waiting: the row may leave between two looks, and a waiting
    // getAttribute would then hang until the test's own timeout.
    const statuses = await row.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-post-status")));
    expect(statuses.every((status) => status === "APPROVED")).toBe(true);
    // The promise to editors: a change shows in the queue within 30 s.
  }).toPass({ timeout: 30_000 });
  expect(await postStatus(page.request, approved)).toBe("APPROVED");
  expect(await postStatus(page.request, undone)).toBe("WAITING_APPROVAL");
  made.keyboard = approved;
  await expectNoA11yViolations(page);

  // Enter opens the post page.
  const opened = await cursorId(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/posts/${opened}$`));
});

test("keys pressed before the page is interactive are acted on once it is", async ({ page }) => {
  // A slow phone: the server's rows are on screen long before React has hydrated them.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  await page.goto(`/campaigns/${campaignId}/queue`, { waitUntil: "commit" });
  await expect(page.locator("tbody tr[data-task-id]").first()).toBeAttached();
  // In one turn of the page: not interactive yet, and two j's pressed.
  const early = await page.evaluate(() => {
    const notYet = document.querySelector("[data-interactive]") === null;
    for (const key of ["j", "j"]) document.body.dispatchEvent(new KeyboardEvent("keydown", { key, code: "KeyJ", bubbles: true }));
    return notYet;
  });
  expect(early, "the keys were pressed before hydration").toBe(true);
  const second = Number(await page.locator("tbody tr[data-task-id]").nth(1).getAttribute("data-task-id"));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(rows(page).first()).toBeVisible();
  // Both presses counted: the cursor is on the second row, as if pressed after hydration.
  await expect.poll(() => cursorId(page)).toBe(second);
});

test("r rejects the cursor row with a reason", async ({ page }) => {
  await page.goto(`/campaigns/${campaignId}/queue`);
  await expect(rows(page).first()).toBeVisible();
  await page.keyboard.press("j");
  const id = await cursorId(page);
  await versionShown(page, id);
  await page.keyboard.press("r");
  const dialog = page.getByRole("dialog", { name: `Отклонить пост №${id}` });
  await expect(dialog).toBeVisible();
  // Typing in the dialog is not triage: "j" goes into the text.
  await dialog.getByRole("radio", { name: /^Другое/ }).check();
  await dialog.getByLabel("Причина отклонения").fill("e2e: не соответствует теме кампании");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Отклонить" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => postStatus(page.request, id)).toBe("CANCELED");
  // Sent: the next post is up.
  await expect.poll(() => cursorId(page)).not.toBe(id);
  made.rejected = id;
  await expect(page.locator(`tbody tr[data-task-id='${id}'][data-post-status='WAITING_APPROVAL']`)).toHaveCount(0, { timeout: 15_000 });
});

test("bulk approve asks once, waits 5 s, then runs as a server job with progress to the end", async ({ page }) => {
  // The page's clock jumps past the undo window instead of waiting it out.
  await page.clock.install();
  await page.goto(`/campaigns/${campaignId}/queue`);
  await expect(rows(page).nth(2)).toBeVisible();
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const row = rows(page).nth(i);
    ids.push(Number(await row.getAttribute("data-task-id")));
    await row.getByRole("checkbox").check();
  }
  const bar = page.getByRole("region", { name: "Действия с выбранными постами" });
  await expect(bar).toContainText("Выбрано 3 поста");
  await bar.getByRole("button", { name: "Согласовать все (3)" }).click();
  // Asked once, with the count; then 5 s with Undo before the job starts.
  const confirm = page.getByRole("dialog", { name: "Согласовать 3 поста?" });
  await confirm.getByRole("button", { name: "Согласовать (3)" }).click();
  await expect(page.getByText("3 поста будут согласованы через")).toBeVisible();
  await expect(page.locator("section[data-bulk-job]")).toHaveCount(0);
  await page.clock.fastForward(5_000);

  const job = page.locator("section[data-bulk-job]").first();
  await expect(job).toBeVisible();
  await expect(job.getByRole("progressbar")).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(job).toHaveAttribute("data-bulk-status", "done", { timeout: 45_000 });
  await expect(job).toContainText("успешно 3, с ошибкой 0");
  for (const id of ids) {
    await expect(job.locator(`[data-bulk-item='${id}']`)).toHaveAttribute("data-bulk-item-status", "ok");
    expect(await postStatus(page.request, id)).toBe("APPROVED");
  }
  made.bulk = ids[0];
});

test("a post changed elsewhere leaves the queue without a reload", async ({ page }) => {
  await page.goto(`/campaigns/${campaignId}/queue`);
  await expect(rows(page).first()).toBeVisible();
  const id = Number(await rows(page).first().getAttribute("data-task-id"));
  const res = await page.request.post(`${E2E.simURL}/__admin/posts/${id}/status`, { data: { status: "APPROVED" } });
  expect(res.ok()).toBe(true);
  // With the service's notification of it, as the service sends one. Once a notification has come (an
  // earlier journey on this lane may have sent one), pages poll only as a 5-minute safety net and wait
  // for notifications (lib/server/events/notifications.ts); without one, the 10 s poll finds it.
  const told = await page.request.post("/api/webhooks/post", { data: await res.json(), headers: { Authorization: `Bearer ${E2E.webhookSecret}` } });
  expect(told.status(), await told.text()).toBe(202);
  await expect(page.locator(`tbody tr[data-task-id='${id}']`)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(/Обновлено/)).toBeVisible();
  await expectNoA11yViolations(page);
});

test("a manager finds these decisions in the activity log", async ({ browser, baseURL }) => {
  test.skip(!made.keyboard || !made.rejected || !made.bulk, "needs the journeys above in the same run");
  const context = await browser.newContext({ baseURL, storageState: await signIn(browser, baseURL ?? "", "manager") });
  const page = await context.newPage();
  const expected: [number, string][] = [
    [made.keyboard!, "клавиатура"],
    [made.rejected!, "e2e: не соответствует теме кампании"],
    [made.bulk!, "массово"],
  ];
  for (const [id, text] of expected) {
    await page.goto(`/activity?post=${id}`);
    await expect(page.locator(`tbody tr[data-task-id='${id}']`).first()).toContainText(text);
  }
  await expectNoA11yViolations(page);
  await context.close();
});
