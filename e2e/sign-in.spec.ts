import { createTranslator } from "next-intl";
import en from "../messages/en/auth.json";
import ru from "../messages/ru/auth.json";
import { expect, setLocale, test } from "./fixtures";

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

    async function attempt(address: string, secret: string) {
      await email.fill(address);
      await password.fill(secret);
      await submit.click();
    }

    // A known e-mail with a wrong password reads exactly as an unknown e-mail.
    const known = locale === "ru" ? "manager@example.com" : "reviewer@example.com";
    await attempt(known, "not-the-password");
    await expect(alert).toHaveText(t("invalid"));
    // Its one failure makes the next try from here wait a second; then the right password gets in.
    await expect(alert).toHaveText("", { timeout: 5_000 });
    await attempt(known, "demo");
    await expect(page).not.toHaveURL(/\/login/);
    await page.context().clearCookies();
    await setLocale(page, locale);
    await page.goto("/login");

    const nobody = `nobody-${locale}-${Date.now()}@example.com`;
    const waits = [1, 2, 4, 8];
    for (const seconds of waits) {
      await attempt(nobody, "guess");
      await expect(alert).toHaveText(t("invalid"));
      // At once again: refused with the wait, which counts down and then goes.
      await submit.click();
      await expect(shown).toHaveText(t("wait", { seconds }));
      if (seconds === 8) await expect(shown).toHaveText(t("wait", { seconds: 6 }), { timeout: 4_000 });
      await expect(alert).toHaveText("", { timeout: (seconds + 2) * 1_000 });
    }
    // The fifth failure locks this address out of this e-mail for five minutes.
    await attempt(nobody, "guess");
    await expect(alert).toHaveText(t("invalid"));
    await submit.click();
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
