import { expect, test as setup } from "@playwright/test";
import { authFile, type DemoRole } from "./fixtures";

// Signs in once per demo role through the real login form and saves the session.
const roles: DemoRole[] = ["editor", "reviewer", "manager", "admin"];

for (const role of roles) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel(/почта|e-?mail/i).fill(`${role}@example.com`);
    await page.getByLabel(/пароль|password/i).fill("demo");
    await page.getByRole("button", { name: /^(войти|sign in)$/i }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.context().storageState({ path: authFile(role) });
  });
}
