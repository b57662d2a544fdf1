import { E2E } from "../playwright.config";
import { authFile, expect, expectNoA11yViolations, test } from "./fixtures";

// A person watching a post, without reloading, is told of a version made in
// the service within 30 s (the upstream scheduler refreshes a campaign with a
// post page open every 20 s, and the live event refetches the post); the
// decision stays pinned to the text read until the person says they read the
// new one. SHOTS=<dir> keeps screenshots of the notice.

test.use({ storageState: authFile("editor") });

const CAMPAIGN = 101;
const SHOTS = process.env.SHOTS;

test("a new version made upstream reaches a watched post page within 30 s, and the pin moves when the person looks", async ({ page }) => {
  const made = await page.request.post(`${E2E.simURL}/__admin/campaigns/${CAMPAIGN}/generate`, { data: { count: 1 } });
  expect(made.ok()).toBe(true);
  const [id] = ((await made.json()) as { created: number[] }).created;
  await page.goto(`/posts/${id}`);
  const approve = page.getByRole("button", { name: /^(согласовать|approve)$/i });
  await expect(approve).toBeEnabled();
  // The page's presence heartbeat tells the scheduler someone watches this campaign.
  await page.waitForTimeout(1_000);

  const edit = await page.request.post(`${E2E.simURL}/__admin/posts/${id}/versions`, { data: { text_content: "Новый текст: акция продлена до конца месяца." } });
  expect(edit.status()).toBe(201);
  const versions = ((await edit.json()) as { versions: { version_number: number; is_active: boolean }[] }).versions;
  const current = versions.find((v) => v.is_active)!.version_number;
  const editedAt = Date.now();

  const notice = page.locator(`[data-new-version="${current}"]`);
  await expect(notice).toBeVisible({ timeout: 30_000 });
  expect(Date.now() - editedAt).toBeLessThanOrEqual(30_000);
  await expect(notice).toContainText(`Пришла новая версия ${current}`);
  await expectNoA11yViolations(page);
  if (SHOTS) {
    await notice.screenshot({ path: `${SHOTS}/new-version-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "dark" });
    await notice.screenshot({ path: `${SHOTS}/new-version-phone-dark.png` });
  }

  await notice.getByRole("button", { name: new RegExp(`решать по версии ${current}`, "i") }).click();
  await expect(notice).toBeHidden();
  await approve.click();
  // Pinned to the version read now: it goes through, no version_changed.
  await expect(page.locator("[data-decision-result]")).toHaveAttribute("data-decision-result", "approved_now", { timeout: 15_000 });
  await expect(page.locator("[data-version-changed]")).toBeHidden();
});
