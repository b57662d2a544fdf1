import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { Browser, BrowserContext } from "@playwright/test";
import bcrypt from "bcryptjs";
import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations, setLocale } from "./fixtures";
import { signIn, test } from "./own-sign-in";

// People losing access while their work is still under way, on the production build: a reviewer's
// "ok" after they were removed from the users file is struck through on the post page with why,
// and a bulk job whose author was demoted stops and says so on the campaign's queue. Screenshots
// (RU light phone, EN dark desktop) go to E2E_SHOTS when set.

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const CAMPAIGN = 101;
const PASSWORD = "correct horse battery";
// The dashboards' users file: AUTH_USERS_FILE's default, relative to where the servers run (lib/env.ts).
const USERS = "data/users.json";
const SHOTS = process.env.E2E_SHOTS;
let before: string | null = null;
let hash = "";

type FileUser = { email: string; name: string; role: string; passwordHash: string };
const readUsers = (): FileUser[] => (existsSync(USERS) ? (JSON.parse(readFileSync(USERS, "utf8")) as FileUser[]) : []);
function writeUsers(users: FileUser[]): void {
  writeFileSync(`${USERS}.tmp`, JSON.stringify(users));
  renameSync(`${USERS}.tmp`, USERS);
}
const put = (email: string, name: string, role: string) => writeUsers([...readUsers().filter((u) => u.email !== email), { email, name, role, passwordHash: hash }]);
const drop = (email: string) => writeUsers(readUsers().filter((u) => u.email !== email));

test.beforeAll(async () => {
  before = existsSync(USERS) ? readFileSync(USERS, "utf8") : null;
  hash = await bcrypt.hash(PASSWORD, 4);
});
test.afterAll(() => {
  if (before === null) rmSync(USERS, { force: true });
  else writeFileSync(USERS, before);
});

/** A session of a person from the users file, opened with the login form's request (as signIn does). */
async function signInAs(browser: Browser, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: E2E.baseURL, storageState: { cookies: [], origins: [] } });
  const { csrfToken } = (await (await context.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await context.request.post("/api/auth/callback/credentials", {
    form: { email, password: PASSWORD, csrfToken, callbackUrl: "/", json: "true" },
    headers: { Origin: new URL(E2E.baseURL).origin },
  });
  expect(res.status(), `${email} signs in: ${await res.text()}`).toBe(200);
  expect((await context.storageState()).cookies.some((c) => /session-token/.test(c.name)), `${email} holds a session`).toBe(true);
  return context;
}

async function freshWaitingPosts(context: BrowserContext, count: number): Promise<number[]> {
  const res = await context.request.post(`${E2E.simURL}/__admin/campaigns/${CAMPAIGN}/generate`, { data: { count } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { created: number[] }).created;
}

const headers = { Origin: E2E.baseURL };

test("a removed reviewer's 'ok' is struck through with why, and does not pass the step", async ({ browser }) => {
  const admin = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "admin"), baseURL: E2E.baseURL });
  const [id] = await freshWaitingPosts(admin, 1);
  put("rita@example.com", "Рита Орлова", "reviewer");
  const rita = await signInAs(browser, "rita@example.com");
  expect((await admin.request.put(`/api/campaigns/${CAMPAIGN}/policy`, { data: { signoff: [{ who: { role: "reviewer" }, need: "any" }] }, headers })).status()).toBe(200);
  try {
    const detail = (await (await rita.request.get(`/api/posts/${id}`)).json()) as { data: { versions: { version_number: number; is_active: boolean }[] } };
    const version = detail.data.versions.find((v) => v.is_active)!.version_number;
    expect((await rita.request.post(`/api/posts/${id}/review`, { data: { verdict: "ok", version }, headers })).status()).toBe(201);
    drop("rita@example.com");

    const views = [
      { locale: "ru" as const, scheme: "light" as const, viewport: { width: 390, height: 844 }, name: "signoff-ru-light-phone", why: "Рита Орлова больше не пользователь панели" },
      { locale: "en" as const, scheme: "dark" as const, viewport: { width: 1366, height: 900 }, name: "signoff-en-dark-desktop", why: "Рита Орлова is no longer a user of the dashboard" },
    ];
    for (const v of views) {
      const editor = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "editor"), baseURL: E2E.baseURL, viewport: v.viewport, colorScheme: v.scheme });
      const page = await editor.newPage();
      await setLocale(page, v.locale);
      await page.goto(`/posts/${id}`);
      const ok = page.locator(`#verdicts [data-not-counted="removed"]`);
      await expect(ok).toContainText(v.why);
      await expect(ok.locator(".line-through")).toHaveCount(1);
      await expectNoA11yViolations(page);
      if (SHOTS) {
        // On a phone the verdicts are far below the text, past sections that render as they scroll in: let them settle first.
        await ok.scrollIntoViewIfNeeded();
        await page.waitForTimeout(1_000);
        await ok.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/${v.name}.png` });
      }
      await editor.close();
    }
    // And the approve is refused: the step waits for someone who still stands.
    const editorApi = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "editor"), baseURL: E2E.baseURL });
    const res = await editorApi.request.post(`/api/posts/${id}/approve`, { data: { version }, headers });
    expect(res.status()).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("signoff_required");
    await editorApi.close();
  } finally {
    await admin.request.put(`/api/campaigns/${CAMPAIGN}/policy`, { data: { steps: 1 }, headers });
    await rita.close();
    await admin.close();
  }
});

test("a bulk job whose author is demoted stops, and the queue says why", async ({ browser }) => {
  const admin = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "admin"), baseURL: E2E.baseURL });
  const ids = await freshWaitingPosts(admin, 6);
  put("dana@example.com", "Дана Волкова", "editor");
  const dana = await signInAs(browser, "dana@example.com");
  const started = await dana.request.post("/api/bulk-jobs", { data: { action: "approve", task_ids: ids, campaign_id: CAMPAIGN }, headers });
  expect(started.status()).toBe(202);
  const jobId = ((await started.json()) as { job: { id: number } }).job.id;
  // One item decided (bulk writes are 3 s apart), then the author is demoted in the users file.
  const job = async () => ((await (await admin.request.get(`/api/bulk-jobs/${jobId}`)).json()) as { job: { status: string; ok: number; failed: number; stopped: string | null } }).job;
  await expect.poll(async () => (await job()).ok + (await job()).failed, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  put("dana@example.com", "Дана Волкова", "reviewer");
  await expect.poll(job, { timeout: 30_000 }).toMatchObject({ status: "done", stopped: "demoted" });
  const detail = (await (await admin.request.get(`/api/bulk-jobs/${jobId}`)).json()) as { job: { ok: number; failed: number }; items: { status: string; error_code: string | null }[] };
  // Nothing after the demotion was sent: at most the item in flight when it happened was decided.
  const decided = detail.items.filter((i) => i.error_code !== "author_demoted").length;
  expect(decided).toBeLessThanOrEqual(2);
  expect(decided).toBeGreaterThanOrEqual(1);

  const views = [
    { locale: "ru" as const, scheme: "light" as const, viewport: { width: 390, height: 844 }, name: "bulk-ru-light-phone", why: "роль автора задания (Дана Волкова) больше не позволяет принимать решения" },
    { locale: "en" as const, scheme: "dark" as const, viewport: { width: 1366, height: 900 }, name: "bulk-en-dark-desktop", why: "Дана Волкова's role no longer allows deciding" },
  ];
  for (const v of views) {
    const context = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "admin"), baseURL: E2E.baseURL, viewport: v.viewport, colorScheme: v.scheme });
    const page = await context.newPage();
    await setLocale(page, v.locale);
    await page.goto(`/campaigns/${CAMPAIGN}/queue`);
    const panel = page.locator(`section[data-bulk-job="${jobId}"]`);
    await expect(panel.locator("[data-bulk-stopped=demoted]")).toContainText(v.why);
    await expect(panel.locator("[data-bulk-item-status=failed]").first()).toContainText(v.locale === "ru" ? "не решено: задание остановлено" : "not decided: the job stopped");
    await expectNoA11yViolations(page);
    await panel.scrollIntoViewIfNeeded();
    if (SHOTS) await panel.screenshot({ path: `${SHOTS}/${v.name}.png` });
    await context.close();
  }
  await dana.close();
  await admin.close();
});

test("a link whose creator was removed stops: the visitor gets a clear page, the links list says why", async ({ browser }) => {
  const admin = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "admin"), baseURL: E2E.baseURL });
  const [id] = await freshWaitingPosts(admin, 1);
  put("lev@example.com", "Лев Смирнов", "editor");
  const lev = await signInAs(browser, "lev@example.com");
  const made = await lev.request.post("/api/share-links", { data: { task_id: id, expires_in_hours: 24, can_decide: true }, headers });
  expect(made.status()).toBe(201);
  const { id: linkId, url } = (await made.json()) as { id: string; url: string };
  drop("lev@example.com");

  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await visitor.newPage();
  const gone = await page.goto(url);
  expect(gone?.status()).toBe(410);
  await expect(page.locator("[data-share-gone]")).toHaveAttribute("data-share-gone", "link_stopped");
  await visitor.close();

  const views = [
    { locale: "ru" as const, scheme: "light" as const, viewport: { width: 390, height: 844 }, name: "links-ru-light-phone", why: "Остановлена: автор (Лев Смирнов) больше не пользователь панели." },
    { locale: "en" as const, scheme: "dark" as const, viewport: { width: 1366, height: 900 }, name: "links-en-dark-desktop", why: "Stopped: Лев Смирнов is no longer a user of the dashboard." },
  ];
  for (const v of views) {
    const context = await browser.newContext({ storageState: await signIn(browser, E2E.baseURL, "admin"), baseURL: E2E.baseURL, viewport: v.viewport, colorScheme: v.scheme });
    const p = await context.newPage();
    await setLocale(p, v.locale);
    await p.goto(`/posts/${id}`);
    await p.getByRole("button", { name: /поделиться для согласования|share for approval/i }).click();
    const row = p.getByRole("dialog").locator(`[data-share-link="${linkId}"]`);
    await expect(row.locator("[data-share-status]")).toHaveAttribute("data-share-status", "stopped");
    await expect(row.locator("[data-share-stopped=removed]")).toHaveText(v.why);
    await expectNoA11yViolations(p);
    if (SHOTS) await p.getByRole("dialog").screenshot({ path: `${SHOTS}/${v.name}.png` });
    await context.close();
  }
  await lev.close();
  await admin.close();
});
