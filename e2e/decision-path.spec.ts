import type { Browser, BrowserContext, Page } from "@playwright/test";
import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { signIn, test } from "./own-sign-in";

// Deciding feels the same everywhere. The post page's Approve waits out the same 5 s undo
// as the keys; a post over a platform limit asks first and the confirmation is audited; a two-step
// campaign says so in the inbox and disables Approve naming who can sign off; a post rejected here
// reads «Отклонён» with who and why; after a decision the next waiting post is one key away.

test.describe.configure({ mode: "serial" });

async function freshWaitingPosts(context: BrowserContext, campaign: number, count = 1): Promise<number[]> {
  const res = await context.request.post(`${E2E.simURL}/__admin/campaigns/${campaign}/generate`, { data: { count } });
  expect(res.ok()).toBe(true);
  const created = ((await res.json()) as { created: number[] }).created;
  expect(created.length, "generated posts").toBe(count);
  return created;
}

async function as(browser: Browser, role: "editor" | "reviewer" | "admin"): Promise<BrowserContext> {
  return browser.newContext({ storageState: await signIn(browser, E2E.baseURL, role), baseURL: E2E.baseURL });
}

async function statusOf(context: BrowserContext, id: number): Promise<string> {
  return ((await (await context.request.get(`/api/posts/${id}`)).json()) as { data: { status: string } }).data.status;
}

const approveButton = /^(согласовать|approve)$/i;

/** The toast of a post's decision: its countdown with Undo, then its outcome in place. */
const toastOf = (page: Page, id: number) => page.locator("[data-sonner-toast]").filter({ has: page.locator(`[data-undo-toast="${id}"]`) });
const rows = (page: Page) => page.locator("[data-interactive] tbody tr[data-task-id]");
const cursorId = async (page: Page) => Number(await page.locator("tbody tr[aria-current='true']").getAttribute("data-task-id"));
const versionShown = (page: Page, id: number) => expect(page.locator(`aside [data-preview-post='${id}'] [data-preview-version]`).first()).toBeVisible();
/** A long text for a post: over Telegram's 1 024-character caption or 4 096-character message limit. */
const LONG = `${"Очень длинный пост про утренний кофе. ".repeat(120)}Конец.`;

/**
 * An edit in the service (a new active version), and the notification the service sends of it
 * (POST /api/webhooks/post); waits until the dashboard serves the new text. Without the notification
 * the dashboard keeps a detail it read until its copy of the campaign shows the post changed (over
 * a minute here). False when the post already has the service's ten versions (409).
 */
async function editInService(context: BrowserContext, id: number, text: string): Promise<boolean> {
  const edited = await context.request.post(`${E2E.simURL}/__admin/posts/${id}/versions`, { data: { text_content: text } });
  if (edited.status() === 409) return false;
  expect(edited.status()).toBe(201);
  const told = await context.request.post("/api/webhooks/post", { data: await edited.json(), headers: { Authorization: `Bearer ${E2E.webhookSecret}` } });
  expect(told.status(), await told.text()).toBe(202);
  await expect.poll(async () => ((await (await context.request.get(`/api/posts/${id}`)).json()) as { data?: { text?: string } }).data?.text === text).toBe(true);
  return true;
}

test("the post page's Approve waits 5 s with Undo; after it, the next waiting post and n", async ({ browser }) => {
  const editor = await as(browser, "editor");
  try {
    const [id] = await freshWaitingPosts(editor, 101, 2);
    const page = await editor.newPage();
    // The page's clock can jump past an undo window: no waiting out 5 s in real time.
    await page.clock.install();
    await page.goto(`/posts/${id}`);
    await page.getByRole("button", { name: approveButton }).click();
    await expect(page.getByText(`Пост №${id} будет согласован через`)).toBeVisible();
    await page.getByRole("button", { name: `Отменить согласование поста №${id}` }).click();
    await expect(page.getByText(`Пост №${id} будет согласован через`)).toBeHidden();

    // The reject waits out the same window, with the post's own toast and Undo.
    await page.getByRole("button", { name: /^(отклонить|reject)…$/i }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("radio", { name: /^Тон/ }).check();
    await dialog.getByRole("textbox").fill("e2e: отменённое отклонение");
    await dialog.getByRole("textbox").press("Control+Enter");
    await expect(dialog).toBeHidden();
    await expect(toastOf(page, id!)).toContainText(`Пост №${id} будет отклонён через`);
    await toastOf(page, id!).getByRole("button", { name: `Отменить отклонение поста №${id}` }).click();
    await expect(page.locator("[data-undo-toast]")).toHaveCount(0);
    // Past the window: nothing was sent.
    await page.clock.fastForward(6_000);
    expect(await statusOf(editor, id!)).toBe("WAITING_APPROVAL");

    await page.getByRole("button", { name: approveButton }).click();
    await expect(toastOf(page, id!)).toContainText("будет согласован");
    await page.clock.fastForward(5_000);
    await expect(page.locator("[data-decision-result]")).toHaveAttribute("data-decision-result", "approved_now", { timeout: 15_000 });
    // The countdown's toast became the outcome, in place: one toast for the post.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
    await expect(page.locator("[data-sonner-toast]")).toHaveAttribute("data-type", "success");
    const next = page.getByTestId("next-waiting").getByRole("link");
    await expect(next).toContainText("Следующий ждущий пост");
    await expectNoA11yViolations(page);
    const href = await next.getAttribute("href");
    expect(href).toMatch(/^\/posts\/\d+$/);
    expect(href).not.toBe(`/posts/${id}`);
    await page.keyboard.press("n");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  } finally {
    await editor.close();
  }
});

test("a post over Telegram's limit is not approved with one tap; the confirmation is in the audit", async ({ browser }) => {
  const editor = await as(browser, "editor");
  try {
    const [id] = await freshWaitingPosts(editor, 101);
    const long = `${"Очень длинный пост про утренний кофе. ".repeat(120)}Конец.`;
    const added = await editor.request.post(`${E2E.simURL}/__admin/posts/${id}/versions`, { data: { text_content: long } });
    expect(added.status()).toBe(201);
    const page = await editor.newPage();
    await page.goto(`/posts/${id}`);
    const flagged = page.locator("#decision").getByRole("button", { name: /Согласовать\? .*лимита Telegram/ });
    await expect(flagged).toBeVisible();
    await flagged.click();
    const confirm = page.getByTestId("flagged-confirm");
    await expect(confirm).toContainText("Согласовать, несмотря на это?");
    await expectNoA11yViolations(page);
    await confirm.getByRole("button", { name: "Да, согласовать" }).click();
    await expect(page.locator("[data-decision-result]")).toHaveAttribute("data-decision-result", "approved_now", { timeout: 15_000 });
    const audit = (await (await editor.request.get(`/api/posts/${id}/decisions`)).json()) as { items: { action: string; note: string | null; result: string | null }[] };
    const approved = audit.items.find((d) => d.action === "approve" && d.result === "approved_now");
    expect(approved?.note).toMatch(/^Согласовано с подтверждением, несмотря на: .*лимита Telegram/);
  } finally {
    await editor.close();
  }
});

test("a two-step campaign: «2 шага» and «ждёт подписи» in the inbox, Approve disabled naming who signs off", async ({ browser }) => {
  const admin = await as(browser, "admin");
  const editor = await as(browser, "editor");
  const CAMPAIGN = 102;
  try {
    const set = await admin.request.put(`/api/campaigns/${CAMPAIGN}/policy`, { data: { steps: 2 }, headers: { Origin: E2E.baseURL } });
    expect(set.ok()).toBe(true);
    const page = await editor.newPage();
    await page.goto(`/inbox?campaign=${CAMPAIGN}`);
    // Any waiting post of the campaign (a freshly generated one may not be in the inbox's copy yet).
    const row = page.locator("tbody tr[data-task-id]").first();
    await expect(row.locator("[data-row-steps]")).toHaveText("2 шага");
    const id = Number(await row.getAttribute("data-task-id"));
    await expect(row.locator("[data-row-verdict='awaiting']")).toContainText("ждёт подписи");

    await page.goto(`/posts/${id}`);
    await expect(page.getByTestId("signoff-missing")).toContainText("Одобрить пока нельзя");
    await expect(page.getByTestId("signoff-who")).toHaveText("Подписать могут: рецензент");
    await expect(page.locator("#decision").getByRole("button", { name: approveButton })).toBeDisabled();
    await expectNoA11yViolations(page);
  } finally {
    await admin.request.put(`/api/campaigns/${CAMPAIGN}/policy`, { data: { steps: 1 }, headers: { Origin: E2E.baseURL } });
    await admin.close();
    await editor.close();
  }
});

test("a post rejected here reads «Отклонён» with who and why, and offers no verdict or share link", async ({ browser }) => {
  const editor = await as(browser, "editor");
  try {
    const [id] = await freshWaitingPosts(editor, 101);
    const detail = (await (await editor.request.get(`/api/posts/${id}`)).json()) as { data: { versions: { version_number: number; is_active: boolean }[] } };
    const version = detail.data.versions.find((v) => v.is_active)?.version_number;
    const rejected = await editor.request.post(`/api/posts/${id}/reject`, {
      data: { reason: "Слишком много восклицаний", category: "tone", version },
      headers: { Origin: E2E.baseURL },
    });
    expect(rejected.ok()).toBe(true);

    const page = await editor.newPage();
    await page.goto(`/posts/${id}`);
    await expect(page.locator("h1 ~ div [data-rejected]").first()).toHaveText("Отклонён");
    const note = page.getByTestId("rejected-note");
    await expect(note).toContainText("Отклонил(а): Анна Кузнецова");
    await expect(note).toContainText("Категория: Тон");
    await expect(note).toContainText("Причина: Слишком много восклицаний");
    await expect(page.getByText("Пост отменён — решение не требуется.")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Поделиться для согласования" })).toHaveCount(0);
    await expect(page.locator("#verdicts").getByRole("button", { name: "Текст в порядке" })).toHaveCount(0);
    await expectNoA11yViolations(page);
  } finally {
    await editor.close();
  }
});

test("undo on every path of the inbox: a, r, the preview's buttons; none of it is sent", async ({ browser }) => {
  const editor = await as(browser, "editor");
  try {
    const page = await editor.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.clock.install();
    await page.goto("/inbox");
    await expect(rows(page).nth(1)).toBeVisible();
    const taken: number[] = [];

    // a, then Ctrl+Z.
    await page.keyboard.press("j");
    const a = await cursorId(page);
    await versionShown(page, a);
    // A flagged row asks instead (the journey below); any plain one will do here.
    if ((await page.locator(`aside [data-preview-post='${a}'] [data-flagged]`).count()) === 0) {
      await page.keyboard.press("a");
      await expect(toastOf(page, a)).toContainText(`Пост №${a} будет согласован через`);
      await page.keyboard.press("Control+z");
      await expect(toastOf(page, a)).toHaveCount(0);
      await expect.poll(() => cursorId(page)).toBe(a);
      taken.push(a);
    }

    // r, then the toast's Undo.
    await page.keyboard.press("r");
    let dialog = page.getByRole("dialog", { name: `Отклонить пост №${a}` });
    await dialog.getByRole("radio", { name: /^Тон/ }).check();
    await dialog.getByLabel("Причина отклонения").fill("e2e: отклонение с клавиатуры, отменено");
    await dialog.getByLabel("Причина отклонения").press("Control+Enter");
    await expect(dialog).toBeHidden();
    await expect(toastOf(page, a)).toContainText(`Пост №${a} будет отклонён через`);
    await toastOf(page, a).getByRole("button", { name: `Отменить отклонение поста №${a}` }).click();
    await expect(toastOf(page, a)).toHaveCount(0);
    taken.push(a);

    // The preview's Reject, then u.
    await page.locator(`tbody tr[data-task-id='${a}']`).click();
    await versionShown(page, a);
    const pane = page.locator(`aside [data-preview-post='${a}']`).first();
    await pane.getByRole("button", { name: /^(отклонить|reject)$/i }).click();
    dialog = page.getByRole("dialog", { name: `Отклонить пост №${a}` });
    await dialog.getByRole("radio", { name: /^Тон/ }).check();
    await dialog.getByLabel("Причина отклонения").fill("e2e: отклонение из панели, отменено");
    await dialog.getByLabel("Причина отклонения").press("Control+Enter");
    await expect(toastOf(page, a)).toContainText("будет отклонён");
    await page.locator("body").press("u");
    await expect(toastOf(page, a)).toHaveCount(0);

    await page.clock.fastForward(6_000);
    for (const id of taken) expect(await statusOf(editor, id)).toBe("WAITING_APPROVAL");
    await expectNoA11yViolations(page);
  } finally {
    await editor.close();
  }
});

test("the phone sheet's Approve has the undo, and its toast covers neither the header nor the sheet's buttons", async ({ browser }) => {
  const editor = await as(browser, "editor");
  try {
    const page = await editor.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/inbox");
    // A phone lists the posts as cards.
    const row = page.locator("[data-interactive] li[data-task-id]").first();
    await expect(row).toBeVisible();
    const id = Number(await row.getAttribute("data-task-id"));
    await row.click();
    const sheet = page.locator(`aside.fixed [data-preview-post='${id}']`);
    await expect(sheet.locator("[data-preview-version]")).toBeVisible();
    const approve = sheet.getByRole("button", { name: /согласовать|approve/i }).first();
    if ((await approve.getAttribute("data-flagged")) !== null) {
      await approve.click();
      await sheet.getByTestId("flagged-confirm").getByRole("button", { name: "Да, согласовать" }).click();
    } else {
      await approve.click();
    }
    const toast = toastOf(page, id);
    await expect(toast).toContainText(`Пост №${id} будет согласован через`);
    const box = (await toast.boundingBox())!;
    const header = (await page.locator("body > header, header").first().boundingBox())!;
    expect(box.y, "below the header").toBeGreaterThanOrEqual(header.y + header.height);
    // The sheet (its decision buttons on top) may have moved on to the next post: the toast sits above it.
    // Measured until both settle: the toast slides in from below, and follows the sheet's new height.
    const overlap = async () => {
      const [t, sheetBox] = await Promise.all([toast.boundingBox(), page.locator("aside.fixed").boundingBox()]);
      return t && sheetBox ? t.y + t.height - (sheetBox.y + 1) : Infinity;
    };
    await expect.poll(overlap, { message: "above the sheet" }).toBeLessThanOrEqual(0);
    await toast.getByRole("button", { name: `Отменить согласование поста №${id}` }).click();
    // Taken back (that nothing is sent after an Undo, the inbox journey above checks past the window).
    await expect(toast).toHaveCount(0);
  } finally {
    await editor.close();
  }
});

test("a share link's visitor has the same 5 s to take a decision back", async ({ browser }) => {
  const editor = await as(browser, "editor");
  const visitorContext = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: E2E.baseURL });
  try {
    const [id] = await freshWaitingPosts(editor, 101);
    const made = await editor.request.post("/api/share-links", { data: { task_id: id, expires_in_hours: 24, can_decide: true }, headers: { Origin: E2E.baseURL } });
    expect(made.ok()).toBe(true);
    const url = ((await made.json()) as { url: string }).url;
    const visitor = await visitorContext.newPage();
    await visitor.clock.install();
    await visitor.goto(url);
    await visitor.getByLabel(/ваше имя|your name/i).fill("Ирина Клиентова");
    await visitor.getByRole("button", { name: /^(одобрить|approve)$/i }).click();
    const waiting = visitor.locator("[data-visitor-undo='approve']");
    await expect(waiting).toContainText(`Одобрение поста № ${id} будет отправлено через`);
    await waiting.getByRole("button", { name: /отменить|undo/i }).click();
    await expect(visitor.locator("[data-visitor-undone]")).toBeVisible();
    await visitor.clock.fastForward(6_000);
    expect(await statusOf(editor, id!)).toBe("WAITING_APPROVAL");
    await expectNoA11yViolations(visitor);
  } finally {
    await visitorContext.close();
    await editor.close();
  }
});

test("a flagged post asks on the keyboard and in the preview; the confirmation is in the audit", async ({ browser }) => {
  const editor = await as(browser, "editor");
  const ids: number[] = [];
  try {
    const page = await editor.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.clock.install();
    // Two waiting posts of campaign 101 (it publishes to Telegram) made too long for it before the page
    // reads them, so their details (read as the cursor reaches them) carry the long text.
    // Any two of the inbox's first page (rows are clicked by id); a post already at the service's ten
    // versions refuses an eleventh (409), so the next one is taken (about 1 in 20 starts with 7 to 10).
    const inbox = (await (await editor.request.get("/api/inbox?campaign_id=101")).json()) as { data: { posts: { task_id: number }[] } };
    // Told to the dashboard as the service does (editInService): an earlier journey on this lane may have read them.
    for (const { task_id: id } of inbox.data.posts.slice(0, 20)) {
      if (ids.length === 2) break;
      if (await editInService(editor, id, LONG)) ids.push(id);
    }
    expect(ids, "two posts of the inbox's first page with room for a version").toHaveLength(2);
    const [first, second] = ids as [number, number];
    await page.goto("/inbox?campaign=101");
    await expect(rows(page).nth(1)).toBeVisible();

    // The keyboard: a on it opens the confirmation instead of approving; Enter confirms.
    await page.locator(`tbody tr[data-task-id='${first}']`).click();
    await versionShown(page, first);
    const pane = (id: number) => page.locator(`aside [data-preview-post='${id}']`).first();
    await expect(pane(first).getByRole("button", { name: /Согласовать\? .*лимита Telegram/ })).toBeVisible();
    await page.keyboard.press("a");
    const confirm = pane(first).getByTestId("flagged-confirm");
    await expect(confirm).toContainText("Согласовать, несмотря на это?");
    await expect(page.locator("[data-undo-toast]")).toHaveCount(0);
    await expectNoA11yViolations(page);
    await expect(confirm.getByRole("button", { name: "Да, согласовать" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toastOf(page, first)).toContainText(`Пост №${first} будет согласован через`);
    await page.clock.fastForward(5_000);
    await expect.poll(() => statusOf(editor, first)).toBe("APPROVED");
    const audit = (await (await editor.request.get(`/api/posts/${first}/decisions`)).json()) as { items: { action: string; note: string | null; source?: string }[] };
    expect(audit.items.find((d) => d.action === "approve")?.note).toMatch(/^Согласовано с подтверждением, несмотря на: .*лимита Telegram/);

    // The preview's button names the problem and asks; cancelling sends nothing.
    await page.locator(`tbody tr[data-task-id='${second}']`).click();
    await versionShown(page, second);
    await pane(second).getByRole("button", { name: /Согласовать\? .*лимита Telegram/ }).click();
    await pane(second).getByTestId("flagged-confirm").getByRole("button", { name: "Не согласовывать" }).click();
    await expect(pane(second).getByTestId("flagged-confirm")).toHaveCount(0);
    await expect(page.locator("[data-undo-toast]")).toHaveCount(0);
    expect(await statusOf(editor, second)).toBe("WAITING_APPROVAL");
  } finally {
    // The lane's later journeys find these rows as they were, a text that fits (a failed attempt may have
    // left both waiting), told to the dashboard too: a later preview must not show a cached long text.
    for (const id of ids) {
      if ((await statusOf(editor, id)) === "WAITING_APPROVAL") await editInService(editor, id, "Осеннее меню: тыквенный латте и пирог с яблоками.");
    }
    await editor.close();
  }
});
