import type { Browser, BrowserContext } from "@playwright/test";
import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { signIn, test } from "./own-sign-in";

// Issue 34: deciding feels the same everywhere. The post page's Approve waits out the same 5 s undo
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

test("the post page's Approve waits 5 s with Undo; after it, the next waiting post and n", async ({ browser }) => {
  const editor = await as(browser, "editor");
  try {
    const [id] = await freshWaitingPosts(editor, 101, 2);
    const page = await editor.newPage();
    await page.goto(`/posts/${id}`);
    await page.getByRole("button", { name: approveButton }).click();
    await expect(page.getByText(`Пост №${id} будет согласован через`)).toBeVisible();
    await page.getByRole("button", { name: `Отменить согласование поста №${id}` }).click();
    await expect(page.getByText(`Пост №${id} будет согласован через`)).toBeHidden();
    // Past the window: nothing was sent.
    await page.waitForTimeout(6_000);
    expect(await statusOf(editor, id!)).toBe("WAITING_APPROVAL");

    await page.getByRole("button", { name: approveButton }).click();
    await expect(page.locator("[data-decision-result]")).toHaveAttribute("data-decision-result", "approved_now", { timeout: 15_000 });
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
