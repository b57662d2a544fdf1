import type { Page } from "@playwright/test";
import { authFile, expect, expectNoA11yViolations, setLocale, test } from "./fixtures";

// The app shell: navigation by role, both languages (remembered), the theme
// switch, the skip link and the phone menu.

const nav = (page: Page) => page.getByRole("navigation", { name: /основная навигация|main navigation/i });

test.describe("as an admin", () => {
  test.use({ storageState: authFile("admin") });

  test("speaks Russian by default and English on the switch, and remembers it", async ({ page }) => {
    await page.goto("/");
    await setLocale(page, "ru");
    await page.reload();
    for (const name of ["Обзор", "Очередь", "Кампании", "Календарь"]) await expect(nav(page).getByRole("link", { name })).toBeVisible();
    // The less daily pages wait behind "Ещё", so the header keeps to one line.
    const more = nav(page).getByRole("button", { name: "Ещё" });
    await more.click();
    await expect(more).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Проекты", "Журнал", "Аналитика согласования", "Сессии", "Состояние"]) await expect(nav(page).getByRole("link", { name })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(more).toBeFocused();
    await expect(nav(page).getByRole("link", { name: "Журнал" })).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByTestId("current-user")).toContainText("администратор");
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "English" }).click();
    for (const name of ["Overview", "Inbox", "Campaigns", "Calendar"]) await expect(nav(page).getByRole("link", { name })).toBeVisible();
    await nav(page).getByRole("button", { name: "More" }).click();
    for (const name of ["Projects", "Activity", "Review analytics", "Health"]) await expect(nav(page).getByRole("link", { name })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.reload();
    await expect(nav(page).getByRole("link", { name: "Overview" })).toBeVisible();
    await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Русский" }).click();
    await expect(nav(page).getByRole("link", { name: "Обзор" })).toBeVisible();
  });

  test("switches the theme, and the choice survives a reload", async ({ page }) => {
    await page.goto("/");
    const html = page.locator("html");
    await page.getByRole("button", { name: /^(тёмная|dark)$/i }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: /^(тёмная|dark)$/i })).toHaveAttribute("aria-pressed", "true");
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: /^(светлая|light)$/i }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: /перейти к содержимому|skip to content/i });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });
});

test.describe("as a reviewer on a phone", () => {
  test.use({ storageState: authFile("reviewer"), viewport: { width: 390, height: 844 } });

  test("uses the compact menu, without the activity log", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("button", { name: /меню|menu/i });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav(page).getByRole("link", { name: "Кампании" })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Журнал" })).toHaveCount(0);
    await expect(page.getByTestId("current-user").last()).toContainText("рецензент");
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
  });
});
