import type { Browser, BrowserContextOptions } from "@playwright/test";
import { expect, test as base, type DemoRole } from "./fixtures";

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/**
 * Signs in through the login form once per worker and keeps the session in
 * memory, instead of reading e2e/.auth/<role>.json: on a tree where several
 * e2e runs share that folder, another run may delete or rewrite those files
 * (with a session of its own server) in the middle of ours.
 */
export async function signIn(browser: Browser, baseURL: string, role: DemoRole): Promise<StorageState> {
  // Explicitly empty: contexts made inside a test inherit its options, signed-in state included.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel(/почта|e-?mail/i).fill(`${role}@example.com`);
  await page.getByLabel(/пароль|password/i).fill("demo");
  await page.getByRole("button", { name: /^(войти|sign in)$/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const state = await context.storageState();
  await context.close();
  return state;
}

export const test = base.extend<{ role: DemoRole }, { sessions: Map<DemoRole, StorageState> }>({
  role: ["editor", { option: true }],
  sessions: [async ({}, provide) => provide(new Map()), { scope: "worker" }],
  storageState: async ({ browser, role, sessions, baseURL }, provide) => {
    if (!sessions.has(role)) sessions.set(role, await signIn(browser, baseURL ?? "", role));
    await provide(sessions.get(role));
  },
});
