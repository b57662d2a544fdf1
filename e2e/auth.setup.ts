import { expect, test as setup } from "@playwright/test";
import { LANES } from "../playwright.config";
import { authFile, type DemoRole } from "./fixtures";

// Signs in once per demo role and lane through the real login form and saves the session: each
// lane's dashboard has its own database, so a session of one is unknown to the other.
const roles: DemoRole[] = ["editor", "reviewer", "manager", "admin"];
// One test per lane, its four sign-ins side by side in contexts of their own: one after another they
// took 17-21 s of each lane before its first journey, mostly waiting for the server's answers.
setup.describe.configure({ mode: "parallel" });

for (const lane of LANES) {
  setup(`sign in every role on lane ${lane.index}`, async ({ browser }) => {
    await Promise.all(
      roles.map(async (role) => {
        const context = await browser.newContext({ baseURL: lane.baseURL, storageState: { cookies: [], origins: [] } });
        try {
          const page = await context.newPage();
          await page.goto("/login");
          await page.getByLabel(/почта|e-?mail/i).fill(`${role}@example.com`);
          await page.getByLabel(/пароль|password/i).fill("demo");
          await page.getByRole("button", { name: /^(войти|sign in)$/i }).click();
          // Editors and reviewers land on the inbox (lib/auth/landing.ts), whose first answer on a cold server,
          // with every sign-in at once on a busy machine, can take longer than an assertion's usual 10 s.
          await expect(page, `${role} signed in`).not.toHaveURL(/\/login/, { timeout: 30_000 });
          await context.storageState({ path: authFile(role, lane.index) });
        } finally {
          await context.close();
        }
      }),
    );
  });
}
