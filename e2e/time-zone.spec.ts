import { E2E } from "../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./own-sign-in";

// One time zone, chosen: the team's until a person picks their own on the profile page;
// then the page's times, the calendar's days and the API's answers follow theirs. The manager's zone
// is put back at the end, for the journeys after this one.
test.use({ role: "manager" });

const hhmm = (zone: string, at: number) => new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);

test("a person chooses Asia/Novosibirsk: the profile's clock, the calendar and the API follow it, in Russian and English", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/profile");
  const zone = page.getByRole("combobox", { name: "Часовой пояс" });
  await expect(zone).toHaveValue("");
  await expect(page.getByTestId("time-zone-now")).toContainText("Europe/Moscow");
  await expectNoA11yViolations(page);

  try {
    await zone.selectOption("Asia/Novosibirsk");
    await page.getByRole("button", { name: "Сохранить пояс" }).click();
    await expect(page.getByText("Часовой пояс сохранён")).toBeVisible();
    // The page is rendered again with the new zone: its clock is Novosibirsk's (a minute may turn meanwhile).
    const now = page.getByTestId("time-zone-now");
    await expect(now).toContainText("Asia/Novosibirsk");
    const shown = (await now.textContent()) ?? "";
    const started = Date.now();
    expect([hhmm("Asia/Novosibirsk", started - 60_000), hhmm("Asia/Novosibirsk", started)].some((t) => shown.includes(t))).toBe(true);
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Часовой пояс" })).toHaveValue("Asia/Novosibirsk");

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Novosibirsk" }).format(Date.now());
    const calendar = await page.request.get(`/api/calendar?from=${today}&to=${today}`);
    expect(calendar.status()).toBe(200);
    expect(((await calendar.json()) as { data: { time_zone: string } }).data.time_zone).toBe("Asia/Novosibirsk");

    // The API's errors speak the interface's language.
    const refused = await page.request.post("/api/account/time-zone", { data: { time_zone: "Mars/Olympus" }, headers: { Origin: E2E.baseURL } });
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^Недопустимый параметр time_zone/);
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E.baseURL }]);
    const english = await page.request.post("/api/account/time-zone", { data: { time_zone: "Mars/Olympus" }, headers: { Origin: E2E.baseURL } });
    expect(english.status()).toBe(400);
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe("Invalid parameter time_zone: invalid value");
    // An unknown API path and an unknown post's page speak English too (the upstream's 404 text is Russian).
    expect(await (await page.request.get("/api/no-such-thing")).json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    await page.goto("/posts/999999999");
    await expect(page.locator("[data-post-not-found]")).toContainText("Post not found");
    expect(await page.locator("[data-post-not-found]").innerText()).not.toMatch(/[А-Яа-яЁё]/);
  } finally {
    const back = await page.request.post("/api/account/time-zone", { data: { time_zone: null }, headers: { Origin: E2E.baseURL } });
    expect(back.status()).toBe(200);
  }
});
