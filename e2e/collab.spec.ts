import type { Browser, BrowserContext, Page } from "@playwright/test";
import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { signIn, test } from "./own-sign-in";

// Two signed-in people on one post: the reviewer asks for changes and the
// editor, with the page open, sees the verdict, the comment and who is
// looking without reloading; then a two-step campaign, set by an admin on the
// campaign page, refuses the editor's approve until a reviewer's "ok".

const CAMPAIGN = 101;

async function freshWaitingPost(context: BrowserContext): Promise<number> {
  const res = await context.request.post(`${E2E.simURL}/__admin/campaigns/${CAMPAIGN}/generate`, { data: { count: 1 } });
  expect(res.ok()).toBe(true);
  const [id] = ((await res.json()) as { created: number[] }).created;
  expect(id, "a generated post").toBeDefined();
  return id!;
}

async function as(browser: Browser, role: "editor" | "reviewer" | "admin"): Promise<BrowserContext> {
  return browser.newContext({ storageState: await signIn(browser, E2E.baseURL, role), baseURL: E2E.baseURL });
}

test("a reviewer requests changes and the editor sees it live", async ({ browser }) => {
  const editor = await as(browser, "editor");
  const reviewer = await as(browser, "reviewer");
  const id = await freshWaitingPost(editor);

  const ed = await editor.newPage();
  await ed.goto(`/posts/${id}`);
  const verdicts = ed.locator("#verdicts");
  await expect(verdicts).toContainText("Заключений по текущей версии нет");

  const rv = await reviewer.newPage();
  await rv.goto(`/posts/${id}`);
  // Presence both ways, through the event stream.
  await expect(ed.getByTestId("presence")).toContainText("Борис Соколов смотрит");
  await expect(rv.getByTestId("presence")).toContainText("Анна Кузнецова смотрит");

  // The reviewer asks for changes, with a note.
  await rv.locator("#verdicts").getByRole("button", { name: "Запросить правки" }).click();
  await rv.getByLabel("Что исправить").fill("Уберите цену из второго абзаца");
  await expectNoA11yViolations(rv);
  await rv.getByRole("button", { name: "Отправить заключение" }).click();
  await expect(rv.locator("#verdicts [data-verdict=changes]")).toContainText("Уберите цену из второго абзаца");

  // The editor's page, not reloaded, shows it and says so.
  await expect(verdicts.locator("[data-verdict=changes]")).toContainText("Уберите цену из второго абзаца");
  await expect(verdicts).toContainText(/Борис Соколов просит правки к версии \d+/);

  // A comment with a mention, suggested as the reviewer types.
  const box = rv.getByLabel("Новый комментарий");
  await box.pressSequentially("Посмотрите, пожалуйста, @Анн");
  await expect(rv.getByTestId("mention-suggestions")).toContainText("editor@example.com");
  await box.press("Enter");
  await expect(box).toHaveValue(/@editor@example\.com $/);
  await box.pressSequentially("— цену лучше убрать.");
  await rv.getByRole("button", { name: "Отправить", exact: true }).click();
  await expect(box).toHaveValue("");

  const thread = ed.locator("#comments");
  await expect(thread).toContainText("цену лучше убрать");
  await expect(thread).toContainText("Борис Соколов");
  await expectNoA11yViolations(ed);

  // The editor answers; the reviewer's page shows it live too.
  await ed.getByLabel("Новый комментарий").fill("Готово, исправлю.");
  await ed.getByRole("button", { name: "Отправить", exact: true }).click();
  await expect(rv.locator("#comments")).toContainText("Готово, исправлю.");

  // The reviewer leaves: the editor's line clears.
  await rv.close();
  await expect(ed.getByTestId("presence")).not.toContainText("Борис Соколов");

  await editor.close();
  await reviewer.close();
});

test("a three-step policy with a conditional legal step refuses an approve without sign-off", async ({ browser }) => {
  const adminCtx = await as(browser, "admin");
  const editor = await as(browser, "editor");
  const reviewer = await as(browser, "reviewer");
  try {
    // The admin sets three steps on the campaign page: a reviewer, then «Юристы» only when the checks find
    // a banned phrase, then the editor's approve.
    const ad = await adminCtx.newPage();
    await ad.goto(`/campaigns/${CAMPAIGN}`);
    const policy = ad.getByTestId("policy");
    await policy.getByRole("button", { name: "Добавить шаг" }).click();
    await policy.getByRole("button", { name: "Добавить шаг" }).click();
    const legal = policy.getByTestId("policy-step").nth(1);
    await legal.getByLabel("Название шага (необязательно)").fill("Юридическая проверка");
    await legal.getByLabel("Кто проходит шаг").selectOption("group");
    await legal.getByLabel("Название группы").fill("Юристы");
    await legal.getByLabel(/Эл\. адреса участников/).fill("lawyer@example.com");
    await legal.getByLabel("Когда шаг нужен").selectOption("rule");
    await legal.getByLabel(/Правило проверок/).fill("banned");
    await expectNoA11yViolations(ad);
    await policy.getByRole("button", { name: "Сохранить" }).click();
    await expect(policy).toContainText("Правило согласования сохранено");
    const saved = (await (await adminCtx.request.get(`/api/campaigns/${CAMPAIGN}/policy`)).json()) as { data: { steps: number; signoff: unknown[] } };
    expect(saved.data.steps).toBe(3);
    expect(saved.data.signoff[1]).toMatchObject({ name: "Юридическая проверка", who: { group: "Юристы", members: ["lawyer@example.com"] }, when: { kind: "rule", rule: "banned" } });

    const id = await freshWaitingPost(editor);
    const ed = await editor.newPage();
    await ed.goto(`/posts/${id}`);
    await expect(ed.getByTestId("signoff-missing")).toContainText("не пройдены шаги согласования");
    // The legal step is not needed for a text without the phrase; the reviewer's step waits.
    await expect(ed.getByTestId("approval-route").locator("li").nth(0)).toHaveAttribute("data-step-state", "waiting");
    await expect(ed.getByTestId("approval-route").locator("li").nth(1)).toHaveAttribute("data-step-state", "skipped");
    // Approve waits, disabled; the server refuses it anyway (an API client, a stale tab), in Russian, nothing sent upstream.
    await expect(ed.getByRole("button", { name: /^(согласовать|approve)$/i })).toBeDisabled();
    const detail = (await (await editor.request.get(`/api/posts/${id}`)).json()) as { data: { versions: { version_number: number; is_active: boolean }[] } };
    const version = detail.data.versions.find((v) => v.is_active)?.version_number;
    const refused = await editor.request.post(`/api/posts/${id}/approve`, { data: { version }, headers: { Origin: E2E.baseURL } });
    expect(refused.status()).toBe(409);
    const error = ((await refused.json()) as { error: { code: string; message: string } }).error;
    expect(error).toMatchObject({ code: "signoff_required" });
    expect(error.message).toContain("Кампания требует согласования");
    await expect(ed.locator("h1 ~ div [data-post-status]").first()).toHaveAttribute("data-post-status", "WAITING_APPROVAL");
    await expectNoA11yViolations(ed);

    // The reviewer signs off; the editor's notice goes away by itself and the approve goes through.
    const rv = await reviewer.newPage();
    await rv.goto(`/posts/${id}`);
    await rv.locator("#verdicts").getByRole("button", { name: "Текст в порядке" }).click();
    await expect(ed.getByTestId("signoff-missing")).toBeHidden();
    await expect(ed.getByTestId("approval-route").locator("li").nth(0)).toHaveAttribute("data-step-state", "passed");
    await ed.getByRole("button", { name: /^(согласовать|approve)$/i }).click();
    await expect(ed.locator("[data-decision-result]")).toHaveAttribute("data-decision-result", "approved_now");
    await expectNoA11yViolations(ed);

    // The audit log holds the policy, the verdict and the refused approve.
    const events = (await (await adminCtx.request.get(`/api/audit/events?task_id=${id}`)).json()) as { items: { kind: string }[] };
    expect(events.items.map((e) => e.kind)).toContain("verdict.given");
    const decisions = (await (await adminCtx.request.get(`/api/audit?task_id=${id}`)).json()) as { items: { error_code: string | null; result: string | null }[] };
    expect(decisions.items.map((d) => d.error_code ?? d.result)).toEqual(expect.arrayContaining(["signoff_required", "approved_now"]));
  } finally {
    // Back to one step, so other journeys on this campaign approve as before.
    await adminCtx.request.put(`/api/campaigns/${CAMPAIGN}/policy`, { data: { steps: 1 }, headers: { Origin: E2E.baseURL } });
    await adminCtx.close();
    await editor.close();
    await reviewer.close();
  }
});

test("a change made while a page's event stream is still connecting reaches it: the stream resumes from the page's render", async ({ browser }) => {
  const editor = await as(browser, "editor");
  const reviewer = await as(browser, "reviewer");
  try {
    const ed = await editor.newPage();
    // The editor's event stream is held back until the reviewer has opened a post of the queue.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await ed.route("**/api/events*", async (route) => {
      await held;
      await route.continue();
    });
    await ed.goto(`/campaigns/${CAMPAIGN}/queue`);
    const firstRow = ed.locator("tbody tr[data-task-id]").first();
    await expect(firstRow).toBeVisible();
    const id = Number(await firstRow.getAttribute("data-task-id"));
    await expect(firstRow.locator("[data-row-presence]")).toHaveCount(0);

    // Its page announces itself (an event) after the editor's queue was rendered with who views each row.
    const rv = await reviewer.newPage();
    const announced = rv.waitForResponse((r) => r.url().endsWith("/api/presence") && r.request().method() === "POST" && r.ok());
    await rv.goto(`/posts/${id}`);
    await announced;

    // The stream connects now; the viewers' own poll is 30 s away, so only the replay can show the reviewer in time.
    release();
    await expect(ed.locator(`tbody tr[data-task-id="${id}"] [data-row-presence]`)).toContainText("Борис Соколов", { timeout: 8_000 });
  } finally {
    await editor.close();
    await reviewer.close();
  }
});

/** Selects `words` in the post's text with the mouse, as a person would: pressed before the first character, released after the last. */
async function selectInText(page: Page, words: string): Promise<void> {
  const text = page.locator("[data-post-text]");
  await text.scrollIntoViewIfNeeded();
  const box = await text.evaluate((el, w) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const at = (el.textContent ?? "").indexOf(w);
    const point = (offset: number, edge: "left" | "right") => {
      let pos = 0;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const len = n.textContent!.length;
        if (offset < pos + len) {
          const r = document.createRange();
          r.setStart(n, offset - pos);
          r.setEnd(n, offset - pos + 1);
          const rect = r.getBoundingClientRect();
          return { x: edge === "left" ? rect.left + 1 : rect.right - 1, y: rect.top + rect.height / 2 };
        }
        pos += len;
      }
      throw new Error(`${w} not in the text`);
    };
    const start = point(at, "left");
    walker.currentNode = el;
    return { start, end: point(at + w.length - 1, "right") };
  }, words);
  await page.mouse.move(box.start.x, box.start.y);
  await page.mouse.down();
  await page.mouse.move(box.end.x, box.end.y, { steps: 5 });
  await page.mouse.up();
}

test("a comment on a passage is carried to a new version that keeps it and marked outdated when the passage is edited", async ({ browser }) => {
  const reviewer = await as(browser, "reviewer");
  try {
    const id = await freshWaitingPost(reviewer);
    const v1Text = "Осенняя акция: второй кофе в подарок до пятницы. Приходите в кофейни на Лесной и на Садовой!";
    const edit = async (text: string) => {
      const res = await reviewer.request.post(`${E2E.simURL}/__admin/posts/${id}/versions`, { data: { text_content: text } });
      expect(res.status()).toBe(201);
    };
    await edit(v1Text);
    const page = await reviewer.newPage();
    await page.goto(`/posts/${id}`);
    const text = page.locator("[data-post-text]");
    await expect(text).toHaveText(v1Text);

    // Select a passage, comment on it: the box shows the quote, the text marks it.
    await selectInText(page, "второй кофе в подарок");
    await page.getByRole("button", { name: "Комментировать фрагмент" }).click();
    const box = page.getByLabel("Комментарий к фрагменту");
    await expect(box).toBeFocused();
    await expect(page.locator("[data-pending-quote]")).toContainText("второй кофе в подарок");
    await box.fill("Подарок только в будни?");
    await page.getByRole("button", { name: "Отправить", exact: true }).click();
    const first = page.locator("#comments li[data-comment-id]").first();
    await expect(first).toHaveAttribute("data-anchor-state", "current");
    await expect(first.locator("blockquote")).toHaveText(/второй кофе в подарок/);
    await expect(text.locator("mark[data-comment-ids]")).toHaveText("второй кофе в подарок");
    await expectNoA11yViolations(page);

    // The text is edited in the service before the passage: a second passage comment meets the new version (409),
    // the page reads the post again, and the first comment's passage is carried to its new place.
    const v2Text = `Новинка! ${v1Text}`;
    await edit(v2Text);
    await selectInText(page, "Приходите");
    await page.getByRole("button", { name: "Комментировать фрагмент" }).click();
    await page.getByLabel("Комментарий к фрагменту").fill("Адреса проверить");
    await page.getByRole("button", { name: "Отправить", exact: true }).click();
    await expect(page.locator("#comments [role=alert]")).toContainText("Текст поста изменился");
    await expect(text).toHaveText(v2Text);
    await expect(first).toHaveAttribute("data-anchor-state", "carried");
    await expect(text.locator("mark[data-comment-ids]")).toHaveText("второй кофе в подарок");
    // The versions diff marks it too (in pieces where the diff shown cuts it: the pair first shown stays chosen).
    await expect.poll(async () => (await page.locator("#versions mark[data-comment-passage]").allTextContents()).join("")).toContain("второй кофе в подарок");

    // Now the passage itself is edited: the comment says «устарел» and the text marks nothing.
    await edit(v2Text.replace("второй кофе", "третий кофе"));
    await selectInText(page, "Приходите");
    await page.getByRole("button", { name: "Комментировать фрагмент" }).click();
    await page.getByRole("button", { name: "Отправить", exact: true }).click();
    await expect(text).toContainText("третий кофе в подарок");
    await expect(first).toHaveAttribute("data-anchor-state", "outdated");
    await expect(first.locator("[data-anchor-outdated]")).toHaveText("устарел");
    await expect(text.locator("mark[data-comment-ids]")).toHaveCount(0);

    // On the text shown now, the comment goes through and is marked.
    await selectInText(page, "Приходите");
    await page.getByRole("button", { name: "Комментировать фрагмент" }).click();
    await page.getByRole("button", { name: "Отправить", exact: true }).click();
    await expect(page.locator('#comments li[data-anchor-state="current"]')).toContainText("Адреса проверить");
    await expect(text.locator("mark[data-comment-ids]")).toHaveText("Приходите");
    await expectNoA11yViolations(page);
  } finally {
    await reviewer.close();
  }
});
