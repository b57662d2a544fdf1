import type { APIRequestContext } from "@playwright/test";
import { E2E } from "../playwright.config";
import { authFile, expect, expectNoA11yViolations, test } from "./fixtures";

// Approval by someone without an account: an editor makes a link from the
// post page, a signed-out visitor opens it, gives a name and approves the
// version shown; the editor sees the decision under the visitor's name and
// revokes the link, which then answers a clear "revoked" page (410, as its
// API does). The link opens nothing else: not the dashboard's pages, not its
// API, not another post, not a tampered token.

test.use({ storageState: authFile("editor") });

const CAMPAIGN = 101;

/** A post of its own, waiting for approval right now (no other journey touches it). */
async function freshWaitingPost(request: APIRequestContext): Promise<number> {
  const res = await request.post(`${E2E.simURL}/__admin/campaigns/${CAMPAIGN}/generate`, { data: { count: 1 } });
  expect(res.ok()).toBe(true);
  const [id] = ((await res.json()) as { created: number[] }).created;
  expect(id, "a generated post").toBeDefined();
  return id!;
}

test("a signed-out visitor approves through a link, which is then revoked and refused", async ({ page, browser }) => {
  const id = await freshWaitingPost(page.request);
  const other = await freshWaitingPost(page.request);

  // The editor makes a link that may decide.
  await page.goto(`/posts/${id}`);
  await page.getByRole("button", { name: /поделиться для согласования|share for approval/i }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/срок действия|valid for/i).selectOption("24");
  await expect(dialog.getByLabel(/может одобрять|may approve/i)).toBeChecked();
  await dialog.getByRole("button", { name: /создать ссылку|create link/i }).click();
  const url = await dialog.locator("[data-share-url]").inputValue();
  expect(url).toMatch(/\/s\/[0-9a-f]{16}[A-Za-z0-9_-]{43}$/);
  await expectNoA11yViolations(page);
  const token = new URL(url).pathname.slice(3);

  // A visitor with no session at all.
  const visitorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await visitorContext.newPage();
  const opened = await visitor.goto(url);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(opened?.headers()["x-robots-tag"]).toContain("noindex");
  expect(opened?.headers()["cache-control"]).toContain("no-store");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(/пост на согласование|a post for your approval/i);
  await expect(visitor.locator(`[data-shared-post="${id}"]`)).toBeVisible();
  await expect(visitor.locator("[data-shared-text]")).not.toBeEmpty();
  // No navigation into the dashboard, and no key anywhere in the page.
  await expect(visitor.getByRole("navigation", { name: /основн|main/i })).toHaveCount(0);
  expect(await visitor.content()).not.toContain(process.env.E2E_API_KEY ?? E2E.apiKey);

  const approve = visitor.getByRole("button", { name: /^(одобрить|approve)$/i });
  await expect(approve).toBeDisabled(); // a name first
  await visitor.getByLabel(/ваше имя|your name/i).fill("  Ирина Клиентова ");
  await expectNoA11yViolations(visitor);
  await approve.click();
  await expect(visitor.locator("[data-share-notice]")).toContainText(new RegExp(`${id}`));
  await expect(visitor.locator(`[data-shared-post="${id}"] [data-post-status]`).first()).toHaveAttribute("data-post-status", "APPROVED");
  await expect(approve).toHaveCount(0);

  // The link opens nothing else.
  const elsewhere = await visitor.request.get(`/api/s/${token}/posts/${other}`);
  expect(elsewhere.status()).toBe(404);
  const api = await visitor.request.get(`/api/posts/${id}`);
  expect(api.status()).toBe(401);
  await visitor.goto(`/posts/${id}`);
  await expect(visitor).toHaveURL(/\/login/);
  const tampered = await visitor.goto(`/s/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`);
  expect(tampered?.status()).toBe(404);
  await expect(visitor.locator("[data-share-gone]")).toHaveAttribute("data-share-gone", "not_found");

  // The editor sees who decided, through which link, and revokes it.
  await page.goto(`/posts/${id}`);
  await expect(page.locator("#history")).toContainText("Ирина Клиентова");
  await page.getByRole("button", { name: /поделиться для согласования|share for approval/i }).click();
  const row = page.getByRole("dialog").locator(`[data-share-link="${token.slice(0, 16)}"]`);
  await expect(row.locator("[data-share-status]")).toHaveAttribute("data-share-status", "active");
  await row.getByRole("button", { name: /отозвать|revoke/i }).click();
  await expect(row.locator("[data-share-status]")).toHaveAttribute("data-share-status", "revoked");

  // Refused from now on: a clear page, and 410 from its API.
  const gone = await visitor.goto(url);
  expect(gone?.status()).toBe(410);
  expect(gone?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(visitor.locator("[data-share-gone]")).toHaveAttribute("data-share-gone", "link_revoked");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(/ссылка отозвана|this link was revoked/i);
  await expectNoA11yViolations(visitor);
  const refused = await visitor.request.get(`/api/s/${token}`);
  expect(refused.status()).toBe(410);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("link_revoked");
  await visitorContext.close();
});
