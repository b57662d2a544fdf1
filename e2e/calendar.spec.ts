import type { Page } from "@playwright/test";
import { calendarKind, dayOfInstant, viewRange, weekDays } from "../lib/analytics/calendar";
import { calendarDay, daysBetween, shiftDay } from "../lib/analytics/dates";
import { authFile, expect, expectNoA11yViolations, setLocale, test, upstreamTruth } from "./fixtures";

// A manager plans the coming days: the calendar is checked as a new user
// would, against the upstream's own planned posts (read from the simulator
// directly), opened from the keyboard, switched to a week, and on a phone.
test.use({ storageState: authFile("manager") });

type SimPost = { task_id: number; campaign_id: number; status: string; published_at: string | null };
type SimSchedule = { id: number; schedule_type: string; time: string };


/** Every non-canceled post of every active or frozen campaign, as the upstream lists them. */
async function upstreamPosts(page: Page): Promise<{ posts: SimPost[]; campaigns: { id: number; name: string }[] }> {
  const { campaigns } = await upstreamTruth<{ campaigns: { id: number; name: string }[] }>(page, "campaigns/?status=ACTIVE,FROZEN");
  const posts: SimPost[] = [];
  for (const c of campaigns) {
    for (let offset = 0; ; offset += 100) {
      const list = await upstreamTruth<{ total: number; posts: SimPost[] }>(page, `campaigns/${c.id}/posts/?limit=100&offset=${offset}`);
      posts.push(...list.posts);
      if (list.posts.length === 0 || offset + 100 >= list.total) break;
    }
  }
  return { posts, campaigns };
}

const today = () => calendarDay(new Date());

test("the month shows the upstream's planned posts; a day opens from the keyboard with its posts and slots", async ({ page }) => {
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { level: 1, name: "Календарь публикаций" })).toBeVisible();
  const grid = page.getByRole("grid");
  await expect(grid).toBeVisible();

  const { from, to } = viewRange("month", today());
  const { posts, campaigns } = await upstreamPosts(page);
  const dated = posts.filter((p) => p.published_at && dayOfInstant(p.published_at) >= from && dayOfInstant(p.published_at) <= to);
  // The soonest planned post from today on: the day to open.
  const planned = dated
    .filter((p) => calendarKind(p.status) === "planned" && dayOfInstant(p.published_at!) >= today())
    .sort((a, b) => Date.parse(a.published_at!) - Date.parse(b.published_at!));
  expect(planned.length, "the upstream has planned posts this month").toBeGreaterThan(0);
  const target = dayOfInstant(planned[0]!.published_at!);
  const onTarget = dated.filter((p) => dayOfInstant(p.published_at!) === target);

  // Every day's button says how many posts the upstream has on it.
  for (const day of [today(), target]) {
    const count = dated.filter((p) => dayOfInstant(p.published_at!) === day).length;
    const words = count === 0 ? ": постов нет" : `: ${count} пост`;
    await expect(grid.locator(`button[data-day="${day}"]`)).toContainText(words);
  }

  // Keyboard: the grid is one tab stop on today; arrows walk to the target day, Enter opens it.
  await grid.locator(`button[data-day="${today()}"]`).focus();
  for (let i = 0; i < daysBetween(today(), target); i += 1) await page.keyboard.press("ArrowRight");
  await expect(grid.locator(`button[data-day="${target}"]`)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`open=${target}`));
  const panel = page.getByTestId("day-panel");
  await expect(panel.getByRole("heading", { level: 2 })).toBeFocused();
  const items = panel.getByTestId("day-posts").locator("li");
  await expect(items).toHaveCount(onTarget.length);
  expect((await items.evaluateAll((lis) => lis.map((li) => Number(li.getAttribute("data-post-id"))))).sort((a, b) => a - b)).toEqual(
    onTarget.map((p) => p.task_id).sort((a, b) => a - b),
  );
  // Status in words as well as colour, and a link to the post.
  const first = panel.locator(`li[data-post-id="${planned[0]!.task_id}"]`);
  await expect(first.getByRole("link", { name: `Пост №${planned[0]!.task_id}` })).toHaveAttribute("href", `/posts/${planned[0]!.task_id}`);

  // Slots: every DAILY schedule of every campaign has one on any day.
  const daily = (await Promise.all(campaigns.map((c) => upstreamTruth<{ schedules: SimSchedule[] }>(page, `campaigns/${c.id}/schedules/`)))).flatMap(
    (r) => r.schedules.filter((s) => s.schedule_type === "DAILY"),
  );
  await expect(panel.getByTestId("day-slots").locator("li")).not.toHaveCount(0);
  expect(await panel.getByTestId("day-slots").locator("li").count()).toBeGreaterThanOrEqual(daily.length);
  await expect(page.getByTestId("calendar-legend")).toContainText("Запланирован");
  await expectNoA11yViolations(page);

  // The day's link leads to the post.
  await first.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/posts/${planned[0]!.task_id}$`));
});

test("a week shows seven days from Monday, one campaign at a time; a phone gets a list, not a grid", async ({ page }) => {
  await page.goto("/calendar");
  await page.getByText("Неделя", { exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  const days = weekDays(today());
  const grid = page.getByRole("grid");
  await expect(grid.locator("button[data-day]")).toHaveCount(7);
  await expect(grid.locator("button[data-day]").first()).toHaveAttribute("data-day", days[0]!);

  const { campaigns } = await upstreamTruth<{ campaigns: { id: number; name: string }[] }>(page, "campaigns/?status=ACTIVE,FROZEN");
  const one = campaigns[0]!;
  await page.getByLabel("Кампания").selectOption(String(one.id));
  await expect(page).toHaveURL(new RegExp(`campaign=${one.id}`));
  const res = await page.request.get(`/api/calendar?from=${days[0]}&to=${days[6]}&campaign_id=${one.id}`);
  const body = (await res.json()) as { data: { posts: { campaign_id: number }[] } };
  expect(body.data.posts.every((p) => p.campaign_id === one.id)).toBe(true);
  await expect(grid.locator(`button[data-day="${days[0]}"]`)).toBeVisible();
  await expectNoA11yViolations(page);

  // Next week by the button; past the grid's edge by the arrow keys, back again.
  await page.getByRole("button", { name: "Следующая неделя" }).click();
  await expect(grid.locator("button[data-day]").first()).toHaveAttribute("data-day", shiftDay(days[0]!, 7));
  await grid.locator(`button[data-day="${shiftDay(days[0]!, 7)}"]`).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(grid.locator(`button[data-day="${days[6]}"]`)).toBeFocused();
  await expect(grid.locator("button[data-day]").first()).toHaveAttribute("data-day", days[0]!);
});

test("on a phone the month is an agenda without sideways scrolling, in English too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/calendar");
  await setLocale(page, "en");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Publishing calendar" })).toBeVisible();
  const agenda = page.getByTestId("calendar-agenda");
  await expect(agenda).toBeVisible();
  await expect(page.getByRole("grid")).toBeHidden();
  // It starts today (the 1st of the month is behind a button when the month began earlier).
  const first = await agenda.locator("li[data-day]").first().getAttribute("data-day");
  expect(first! >= today(), `agenda starts ${first}, today ${today()}`).toBe(true);
  const earlier = page.getByTestId("agenda-earlier");
  if (await earlier.isVisible()) {
    await earlier.click();
    expect((await agenda.locator("li[data-day]").first().getAttribute("data-day"))! < today()).toBe(true);
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page);
});
