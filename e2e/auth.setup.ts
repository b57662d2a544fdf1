import { expect, test as setup } from "@playwright/test";
import { LANES } from "../playwright.config";
import { authFile, type DemoRole } from "./fixtures";

// Signs in once per demo role and lane through the real login form and saves the session: each
// lane's dashboard has its own database, so a session of one is unknown to the other.
const roles: DemoRole[] = ["editor", "reviewer", "manager", "admin"];
// Each sign-in stands alone: the two workers share them, and the journeys start sooner.
setup.describe.configure({ mode: "parallel" });

for (const lane of LANES) {
  for (const role of roles) {
    setup(`sign in as ${role} on lane ${lane.index}`, async ({ page }) => {
      await page.goto(`${lane.baseURL}/login`);
      await page.getByLabel(/почта|e-?mail/i).fill(`${role}@example.com`);
      await page.getByLabel(/пароль|password/i).fill("demo");
      await page.getByRole("button", { name: /^(войти|sign in)$/i }).click();
      // Editors and reviewers land on the inbox (lib/auth/landing.ts), whose first answer on a cold server,
      // with every sign-in at once on a busy machine, can take longer than an assertion's usual 10 s.
      await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
      await page.context().storageState({ path: authFile(role, lane.index) });
    });
  }
}
