import type { Browser, BrowserContextOptions } from "@playwright/test";
import { expect, test as base, type DemoRole } from "./fixtures";

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/**
 * Signs in once per worker and keeps the session in memory, instead of reading e2e/.auth/<role>.json:
 * on a tree where several e2e runs share that folder, another run may delete or rewrite those files
 * (with a session of its own server) in the middle of ours. It posts the login form's request itself
 * (next-auth's credentials callback, with its CSRF token and the page's Origin): journeys open a
 * session like this a few dozen times a run, and the form's page and landing page each time took
 * seconds a lane. The form itself is walked by e2e/auth.setup.ts and e2e/sign-in.spec.ts.
 */
export async function signIn(browser: Browser, baseURL: string, role: DemoRole): Promise<StorageState> {
  // Explicitly empty: contexts made inside a test inherit its options, signed-in state included.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const { csrfToken } = (await (await context.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const res = await context.request.post("/api/auth/callback/credentials", {
      form: { email: `${role}@example.com`, password: "demo", csrfToken, callbackUrl: "/", json: "true" },
      headers: { Origin: new URL(baseURL).origin },
    });
    expect(res.status(), `${role} signs in: ${await res.text()}`).toBe(200);
    const state = await context.storageState();
    expect(state.cookies.some((c) => /session-token/.test(c.name)), `${role} holds a session`).toBe(true);
    return state;
  } finally {
    await context.close();
  }
}

export const test = base.extend<{ role: DemoRole }, { sessions: Map<DemoRole, StorageState> }>({
  role: ["editor", { option: true }],
  sessions: [async ({}, provide) => provide(new Map()), { scope: "worker" }],
  storageState: async ({ browser, role, sessions, baseURL }, provide) => {
    if (!sessions.has(role)) sessions.set(role, await signIn(browser, baseURL ?? "", role));
    await provide(sessions.get(role));
  },
});
