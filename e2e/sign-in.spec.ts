import { readFileSync } from "node:fs";
import { createTranslator } from "next-intl";
import { expect, setLocale, test } from "./fixtures";

type AuthMessages = typeof import("../messages/en/auth.json");
// Read as files: Playwright's loader wants import attributes for JSON modules.
const messages = (locale: string) => JSON.parse(readFileSync(`messages/${locale}/auth.json`, "utf8")) as AuthMessages;
const en = messages("en");
const ru = messages("ru");

/**
 * Sign-in says why, in the reader's language: wrong e-mail or password (the
 * same words for an e-mail nobody has), a wait counted down, a lock in
 * minutes, an SSO refusal. Throttling here is real (the server's memory
 * throttle; every request comes from 127.0.0.1): each language spends five
 * failures of an e-mail nobody has, well under the address's limit of 20.
 */
test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ timeout: 120_000 });

const MESSAGES = { ru, en } as const;

for (const locale of ["ru", "en"] as const) {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "errors" });
  const submitName = MESSAGES[locale].submit;

  test(`sign-in says why (${locale}): wrong password, wait with a countdown, locked`, async ({ page }) => {
    await setLocale(page, locale);
    await page.goto("/login");
    const alert = page.locator("form").locator("xpath=preceding-sibling::div[@role='alert']");
    const shown = alert.locator("[data-countdown]");
    const email = page.getByLabel(MESSAGES[locale].email);
    const password = page.getByLabel(MESSAGES[locale].password);
    const submit = page.getByRole("button", { name: submitName, exact: true });

    /** One try through the form; resolves with the endpoint's answer (its status and Retry-After). */
    async function attempt(address: string, secret: string) {
      await email.fill(address);
      await password.fill(secret);
      const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/auth/callback/credentials")), submit.click()]);
      return { status: answer.status(), retryAfter: Number(answer.headers()["retry-after"] ?? NaN) };
    }

    /**
     * Fails once: a wait the server still asks for (the machine may be slow, so
     * the time between tries is not ours to choose) is shown, counted down to
     * its end, and then the try is made again.
     */
    async function failOnce(address: string) {
      for (;;) {
        const answer = await attempt(address, "guess");
        if (answer.status === 401) return expect(alert).toHaveText(t("invalid"));
        expect(answer.status).toBe(429);
        await expect(shown).toHaveText(t("wait", { seconds: answer.retryAfter }));
        await expect(alert).toHaveText(t("waitOver"), { timeout: (answer.retryAfter + 3) * 1_000 });
      }
    }

    // A known e-mail with a wrong password reads exactly as an unknown e-mail (below).
    const known = locale === "ru" ? "manager@example.com" : "reviewer@example.com";
    expect((await attempt(known, "not-the-password")).status).toBe(401);
    await expect(alert).toHaveText(t("invalid"));
    // Its one failure makes the next try from here wait a second; then the right password gets in.
    await page.waitForTimeout(1_200);
    await attempt(known, "demo");
    await expect(page).not.toHaveURL(/\/login/);
    await page.context().clearCookies();
    await setLocale(page, locale);
    await page.goto("/login");

    const nobody = `nobody-${locale}-${Date.now()}@example.com`;
    for (let failure = 1; failure <= 4; failure++) await failOnce(nobody);
    // Four failures: the next try waits 8 s. Asked at once, the form says so and counts it down.
    const wait = await attempt(nobody, "guess");
    expect(wait.status).toBe(429);
    expect(wait.retryAfter).toBeGreaterThanOrEqual(5);
    await expect(shown).toHaveText(t("wait", { seconds: wait.retryAfter }));
    await expect(shown).toHaveText(t("wait", { seconds: wait.retryAfter - 2 }), { timeout: 4_000 });
    // The text read out by a screen reader is the first one, not every tick.
    await expect(alert.locator(".sr-only")).toHaveText(t("wait", { seconds: wait.retryAfter }));
    await expect(alert).toHaveText(t("waitOver"), { timeout: (wait.retryAfter + 3) * 1_000 });
    // The fifth failure locks this address out of this e-mail for five minutes.
    await failOnce(nobody);
    const locked = await attempt(nobody, "guess");
    expect(locked.status).toBe(429);
    await expect(shown).toHaveText(t("locked", { minutes: 5 }));
    await expect(page).toHaveURL(/\/login/);
  });

  test(`an SSO refusal is said as such (${locale})`, async ({ page }) => {
    await setLocale(page, locale);
    // Where next-auth sends a refused single sign-on (pages.error is the login page).
    await page.goto("/login?error=AccessDenied");
    await expect(page.getByRole("alert").filter({ hasText: t("ssoDenied") })).toBeVisible();
  });
}
