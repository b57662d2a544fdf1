import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./own-sign-in";

// The health screen as an admin reads it: upstream, budget gauges that
// assistive technology can read, the last hour, background work, database and
// Redis, refreshed on its own while the tab is open.
test.use({ role: "admin" });

test("an admin sees the health screen with readable gauges, refreshed live", async ({ page }) => {
  await page.goto("/admin/health");
  await expect(page.getByRole("heading", { level: 1, name: "Состояние системы" })).toBeVisible();
  await expect(page.getByTestId("health-overall")).toContainText("Всё работает");

  const upstream = page.getByTestId("health-upstream");
  await expect(upstream).toContainText("Доступен");
  await expect(upstream).toContainText("да");

  // Gauges: role="meter" with numbers, and the same figures as text.
  const meters = page.getByRole("meter");
  await expect(meters.first()).toBeVisible();
  expect(await meters.count()).toBeGreaterThanOrEqual(3);
  const hourly = page.getByRole("meter", { name: "Все запросы, в час" });
  // The real limits: 1000 requests an hour for the team.
  await expect(hourly).toHaveAttribute("aria-valuemax", "1000");
  expect(Number(await hourly.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await expect(page.getByTestId("gauge-hourly")).toContainText(/осталось \d+ из 1000/);

  // The hour's state in words (amber under 20 % left, red when spent), and what spent the hour, by kind.
  const budget = page.getByTestId("health-budget");
  await expect(budget).toHaveAttribute("data-hour-state", "ok");
  await expect(page.getByTestId("budget-hour-state")).toHaveText(/В часовом лимите есть запас/);
  for (const kind of ["Люди", "Зеркало постов", "Сборщик вовлечённости", "Решения"]) await expect(page.getByTestId("budget-spent-by")).toContainText(kind);
  // Signing in and opening pages read the upstream as people: a person's share is counted.
  await expect(page.getByTestId("spent-people")).toHaveText(/^Люди \(чтения страниц\)[1-9]/, { timeout: 15_000 });

  await expect(page.getByTestId("health-last-hour")).toContainText("Ответов 429");
  await expect(page.getByTestId("bg-collector")).toBeVisible();
  await expect(page.getByTestId("bg-inbox")).toBeVisible();
  await expect(page.getByTestId("bg-bulk")).toBeVisible();
  await expect(page.getByTestId("db")).toContainText("sqlite");
  await expect(page.getByTestId("redis")).toContainText("Не используется");
  await expectNoA11yViolations(page);

  // Live: the screen asks again on its own (every 5 s while visible).
  const first = await page.getByTestId("health-updated").textContent();
  await expect(page.getByTestId("health-updated")).not.toHaveText(first ?? "", { timeout: 15_000 });
});

test.describe("other roles", () => {
  test.use({ role: "manager" });
  test("a manager gets a clear not-allowed state and the route refuses them", async ({ page }) => {
    await page.goto("/admin/health");
    await expect(page.getByText("Экран состояния доступен только администраторам.")).toBeVisible();
    expect((await page.request.get("/api/admin/health")).status()).toBe(403);
    await expectNoA11yViolations(page);
  });
});
