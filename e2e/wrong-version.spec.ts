import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations, setLocale, upstreamTruth } from "./fixtures";
import { signIn, test } from "./own-sign-in";

// An approve that landed on a version nobody signed, on the production build: the approve pinned to the
// version seen is held in the service (the simulator's late-write fault) while a new version is made
// there, so the service approves the new one. The post page marks the decision «одобрена не та версия»
// and one click rejects the post while it is not published. Screenshots (RU light phone, EN dark
// desktop) go to E2E_SHOTS when set.

test.setTimeout(120_000);

const CAMPAIGN = 101;
const SHOTS = process.env.E2E_SHOTS;
const headers = { Origin: E2E.baseURL };

test("an approve the service applied to a newer version is marked on the post page and rejected in one click", async ({ browser }) => {
  const editor = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "editor"), baseURL: E2E.baseURL });
  const generated = await editor.request.post(`${E2E.simURL}/__admin/campaigns/${CAMPAIGN}/generate`, { data: { count: 1 } });
  const [id] = ((await generated.json()) as { created: number[] }).created;
  const detail = (await (await editor.request.get(`/api/posts/${id}`)).json()) as { data: { versions: { version_number: number; is_active: boolean }[] } };
  const seen = detail.data.versions.find((v) => v.is_active)!.version_number;

  await editor.request.post(`${E2E.simURL}/__admin/faults`, { data: { late_write_ms: 1_500, late_write_answer: "after" } });
  try {
    const pending = editor.request.post(`/api/posts/${id}/approve`, { data: { version: seen, confirmed: true }, headers });
    await new Promise((r) => setTimeout(r, 500));
    const edit = await editor.request.post(`${E2E.simURL}/__admin/posts/${id}/versions`, { data: { text_content: "Текст, который никто не согласовывал: скидка 90% на всё." } });
    expect(edit.status()).toBe(201);
    const res = await pending;
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { wrong_version?: unknown }).wrong_version).toEqual({ signed: seen, approved: seen + 1 });
  } finally {
    await editor.request.post(`${E2E.simURL}/__admin/faults`, { data: { late_write_ms: 0 } });
  }

  const views = [
    { locale: "ru" as const, scheme: "light" as const, viewport: { width: 390, height: 844 }, name: "wrong-version-ru-light-phone", title: "Одобрена не та версия", reject: /отклонить пост/i },
    { locale: "en" as const, scheme: "dark" as const, viewport: { width: 1366, height: 900 }, name: "wrong-version-en-dark-desktop", title: "The wrong version was approved", reject: /reject the post/i },
  ];
  for (const [n, v] of views.entries()) {
    const context = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "editor"), baseURL: E2E.baseURL, viewport: v.viewport, colorScheme: v.scheme });
    const page = await context.newPage();
    await setLocale(page, v.locale);
    await page.goto(`/posts/${id}`);
    const mark = page.locator("#history [data-wrong-version]");
    await expect(mark).toContainText(v.title);
    await expect(mark).toContainText(String(seen + 1));
    const button = mark.getByRole("button", { name: v.reject });
    await expect(button).toBeEnabled();
    await expectNoA11yViolations(page);
    if (SHOTS) {
      await mark.scrollIntoViewIfNeeded();
      await page.waitForTimeout(1_000);
      await mark.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/${v.name}.png` });
    }
    if (n === views.length - 1) {
      // One click: the post is rejected upstream and the button goes away.
      await button.click();
      await expect(mark.getByRole("status")).toContainText(/rejected/i);
      await expect
        .poll(async () => {
          const upstream = await upstreamTruth<{ status: string }>(page, `posts/${id}/`);
          return upstream.status;
        })
        .toBe("CANCELED");
      await expect(page.locator("#history [data-wrong-version]").getByRole("button")).toHaveCount(0);
    }
    await context.close();
  }

  // The activity log (a manager's view) marks the same decision.
  const manager = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "manager"), baseURL: E2E.baseURL, viewport: { width: 1366, height: 900 }, colorScheme: "dark" });
  const log = await manager.newPage();
  await setLocale(log, "en");
  await log.goto(`/activity?post=${id}`);
  const marked = log.locator(`tbody tr[data-task-id='${id}'] [data-wrong-version]`);
  await expect(marked).toContainText(`Wrong version approved: ${seen} signed, ${seen + 1} approved`);
  await expectNoA11yViolations(log);
  if (SHOTS) await log.screenshot({ path: `${SHOTS}/wrong-version-activity-en-dark-desktop.png` });
  await manager.close();
  await editor.close();
});
