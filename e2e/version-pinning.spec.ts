import type { APIRequestContext } from "@playwright/test";
import { E2E } from "../playwright.config";
import { authFile, expect, expectNoA11yViolations, test, upstreamTruth } from "./fixtures";

// A decision pinned to the text the editor read: the post is edited in the
// service (the simulator's admin endpoint) after the page showed it, so
// approving refuses, shows the word diff from the version seen to the new one,
// and deciding on the new text goes through. Then reasons with categories:
// the campaign's usual reason is offered first and Ctrl+Enter sends.

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

test("approving a text replaced after the page opened shows what changed, and the new text can be approved", async ({ page }) => {
  const id = await freshWaitingPost(page.request);
  await page.goto(`/posts/${id}`);
  const status = page.locator("h1 ~ div [data-post-status]").first();
  await expect(status).toHaveAttribute("data-post-status", "WAITING_APPROVAL");
  const approve = page.getByRole("button", { name: /^(согласовать|approve)$/i });
  await expect(approve).toBeEnabled();

  // Edited in the service while the editor reads.
  const edit = await page.request.post(`${E2E.simURL}/__admin/posts/${id}/versions`, {
    data: { text_content: "Совсем новый текст: акция продлена до конца месяца, приходите за вторым кофе." },
  });
  expect(edit.status()).toBe(201);
  const versions = ((await edit.json()) as { versions: { version_number: number; is_active: boolean }[] }).versions;
  const current = versions.find((v) => v.is_active)!.version_number;

  await approve.click();
  const notice = page.locator("[data-version-changed]");
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("heading")).toHaveText(/текст поста изменился/i);
  await expect(notice).toContainText(`сейчас активна версия ${current}`);
  // The word diff, by style that does not rely on colour (no literal markers).
  await expect(notice.locator("ins").first()).toBeVisible();
  await expect(notice.locator("ins").first()).toHaveClass(/underline/);
  await expect(notice.locator("del").first()).toHaveClass(/line-through/);
  await expect(status).toHaveAttribute("data-post-status", "WAITING_APPROVAL");
  await expectNoA11yViolations(page);

  // Nothing was approved upstream.
  const upstream = await upstreamTruth<{ status: string }>(page, `posts/${id}/`);
  expect(upstream.status).toBe("WAITING_APPROVAL");

  await notice.getByRole("button", { name: new RegExp(`согласовать новый текст \\(версия ${current}\\)`, "i") }).click();
  const result = page.locator("[data-decision-result]");
  await expect(result).toHaveAttribute("data-decision-result", "approved_now");
  await expect(notice).toBeHidden();
  await expect(status).toHaveAttribute("data-post-status", "APPROVED");
  // The history keeps both: the refused attempt on the old version and the approval of the new one.
  await expect(page.locator("#history")).toContainText("version_changed");
  await expectNoA11yViolations(page);
});

test("a reject carries a category; the campaign's usual reason is offered first and Ctrl+Enter sends", async ({ page }) => {
  const reason = `e2e: цены устарели ${Date.now()}`;
  for (const [n, id] of [await freshWaitingPost(page.request), await freshWaitingPost(page.request)].entries()) {
    await page.goto(`/posts/${id}`);
    await page.getByRole("button", { name: /^(отклонить|reject)…$/i }).click();
    const dialog = page.getByRole("dialog");
    const categories = dialog.getByRole("group", { name: /категория причины/i });
    await expect(categories.getByRole("radio")).toHaveCount(7);
    if (n === 0) {
      await dialog.getByRole("textbox").fill(reason);
      await dialog.getByRole("textbox").press("Control+Enter");
      // Without a category the dialog says so and stays.
      await expect(dialog.getByText(/выберите категорию/i)).toBeVisible();
      await categories.getByRole("radio", { name: /факты/i }).check();
      await expectNoA11yViolations(page);
      await categories.getByRole("radio", { name: /факты/i }).press("Control+Enter");
    } else {
      // The first reject taught the campaign: its reason is offered, and the category comes with it.
      const suggestion = dialog.getByRole("list", { name: /частые причины/i }).getByRole("button", { name: new RegExp(reason) });
      await suggestion.click();
      await expect(dialog.getByRole("textbox")).toHaveValue(reason);
      await expect(categories.getByRole("radio", { name: /факты/i })).toBeChecked();
      await dialog.getByRole("textbox").press("Control+Enter");
    }
    await expect(dialog).toBeHidden();
    await expect(page.locator("[data-decision-result]")).toHaveAttribute("data-decision-result", "rejected_now");
  }
});
