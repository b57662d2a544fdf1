import { expect, test } from "./fixtures";

/**
 * The sign-in form before (or without) its script: Enter posts the form as
 * plain HTML. It must sign in, and the password must never appear in an
 * address the browser visits (history, logs, a Referer).
 */
test.use({ storageState: { cookies: [], origins: [] }, javaScriptEnabled: false });

test("without script the form posts, signs in, and no address carries the password", async ({ page }) => {
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));
  await page.goto("/login?callbackUrl=%2Finbox");
  await page.getByLabel(/почта|e-?mail/i).fill("editor@example.com");
  await page.getByLabel(/пароль|password/i).fill("demo");
  await page.getByLabel(/пароль|password/i).press("Enter");
  await expect(page).toHaveURL(/\/inbox/);
  expect(addresses.filter((url) => /password|demo/.test(url))).toEqual([]);
});

test("without script a wrong password comes back to the form saying why, still without the password", async ({ page }) => {
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));
  await page.goto("/login");
  await page.getByLabel(/почта|e-?mail/i).fill("nobody-noscript@example.com");
  await page.getByLabel(/пароль|password/i).fill("secret-guess");
  await page.getByLabel(/пароль|password/i).press("Enter");
  await expect(page).toHaveURL(/\/login\?.*error=CredentialsSignin/);
  await expect(page.getByRole("alert")).not.toBeEmpty();
  expect(addresses.filter((url) => url.includes("secret-guess"))).toEqual([]);
});

test("an old GET of the form never leaves the password in the address", async ({ page }) => {
  await page.goto("/login?email=editor%40example.com&password=demo");
  expect(page.url()).not.toContain("demo");
  expect(page.url()).not.toContain("password");
});
