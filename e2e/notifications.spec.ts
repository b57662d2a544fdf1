import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations, setLocale } from "./fixtures";
import { signIn, test } from "./own-sign-in";

// Notifications as an editor meets them: a reviewer mentions her in a comment,
// the bell in the header counts it, the list links to the post (opening it
// marks it read), and the profile page keeps her notification settings
// (e-mail shown unavailable: the e2e server has no SMTP_URL).
test.use({ role: "editor" });

type PostPage = { data: { posts: { task_id: number }[] } };
let taskId: number;

test.beforeAll(async ({ browser }) => {
  const reviewer = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "reviewer"), baseURL: E2E.baseURL });
  const { data } = (await (await reviewer.request.get("/api/campaigns?status=ACTIVE")).json()) as { data: { campaigns: { id: number }[] } };
  for (const c of data.campaigns) {
    const page = (await (await reviewer.request.get(`/api/campaigns/${c.id}/posts?limit=1`)).json()) as PostPage;
    if (page.data.posts[0]) {
      taskId = page.data.posts[0].task_id;
      break;
    }
  }
  expect(taskId).toBeGreaterThan(0);
  const res = await reviewer.request.post(`/api/posts/${taskId}/comments`, {
    data: { body: `@editor@example.com посмотрите, пожалуйста (e2e ${Date.now()})` },
    headers: { Origin: E2E.baseURL },
  });
  expect(res.status()).toBe(201);
  await reviewer.close();
});

test("the bell counts a mention, lists it with a link to the post, and opening it marks it read", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const bell = page.getByTestId("notification-bell").locator("visible=true");
  await expect(bell).toHaveAccessibleName(/Уведомления, [1-9]\d* непрочитанн/);
  const before = Number(await bell.locator("[data-unread-count]").getAttribute("data-unread-count"));
  expect(before).toBeGreaterThan(0);

  await bell.click();
  const panel = page.getByRole("region", { name: "Последние уведомления" });
  const item = panel.getByRole("link", { name: new RegExp(`Борис Соколов упомянул\\(а\\) вас в комментарии к посту #${taskId}`) }).first();
  await expect(item).toBeVisible();
  await expect(item).toContainText("не прочитано");
  await expectNoA11yViolations(page);

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/posts/${taskId}$`));
  await expect(bell).toHaveAccessibleName(before - 1 === 0 ? /нет непрочитанных/ : new RegExp(`, ${before - 1} непрочитанн`));

  // Everything read at once.
  await bell.click();
  if (before - 1 > 0) await panel.getByRole("button", { name: "Прочитать все" }).click();
  await expect(bell).toHaveAccessibleName(/нет непрочитанных/);
  await expect(panel.getByRole("button", { name: "Прочитать все" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
});

test("the profile keeps notification settings; e-mail is unavailable without SMTP", async ({ page }) => {
  await page.goto("/");
  // The name in the header leads to the profile.
  await page.getByTestId("current-user").locator("visible=true").getByRole("link", { name: "Анна Кузнецова" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Профиль", level: 1 })).toBeVisible();
  await expect(page.getByText("Почта не настроена на сервере (SMTP_URL)")).toBeVisible();
  const mentionEmail = page.getByRole("checkbox", { name: "Упоминание в комментарии: На почту" });
  await expect(mentionEmail).toBeDisabled();
  const mentionInApp = page.getByRole("checkbox", { name: "Упоминание в комментарии: В панели" });
  await expect(mentionInApp).toBeChecked();
  await expectNoA11yViolations(page);

  const hours = page.getByLabel(/Предупреждать о посте/);
  // The profile has other forms with their own «Сохранить» (time zone, Telegram): this one holds the notices.
  const save = page.locator("form").filter({ has: hours }).getByRole("button", { name: "Сохранить" });
  await hours.fill("5");
  await mentionInApp.uncheck();
  await save.click();
  await expect(page.getByText("Настройки уведомлений сохранены")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel(/Предупреждать о посте/)).toHaveValue("5");
  await expect(page.getByRole("checkbox", { name: "Упоминание в комментарии: В панели" })).not.toBeChecked();

  // Out of range is refused by the browser before any request; the stored value stays.
  await page.getByLabel(/Предупреждать о посте/).fill("0");
  await save.click();
  await page.reload();
  await expect(page.getByLabel(/Предупреждать о посте/)).toHaveValue("5");

  // Put the defaults back for other journeys.
  await page.getByRole("checkbox", { name: "Упоминание в комментарии: В панели" }).check();
  await page.getByLabel(/Предупреждать о посте/).fill("2");
  await save.click();
  await expect(page.getByText("Настройки уведомлений сохранены")).toBeVisible();
});

test("in English on a phone: the bell stays in the header and the settings read in English", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/profile");
  await setLocale(page, "en");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  const bell = page.getByTestId("notification-bell").locator("visible=true");
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAccessibleName(/^Notifications, /);
  await expect(page.getByRole("checkbox", { name: "A mention in a comment: By e-mail" })).toBeDisabled();
  await bell.click();
  await expect(page.getByRole("region", { name: "Latest notifications" })).toBeVisible();
  await expectNoA11yViolations(page);
});
