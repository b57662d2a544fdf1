import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./own-sign-in";

// The inbox as an editor works it: every waiting post of the active and frozen
// campaigns, soonest first with its urgency, filters in the URL, and keyboard
// triage on the shared desk (the same one as a campaign's queue).
test.use({ role: "editor" });

type InboxPost = { task_id: number; campaign_id: number; status: string; published_at: string | null; urgency: string };
type InboxAnswer = { data: { posts: InboxPost[]; total: number; campaigns: { id: number; name: string; status: string; waiting: number }[] } };
type PostPage = { data: { total: number } };

async function inbox(request: APIRequestContext, query: Record<string, string | number> = {}): Promise<InboxAnswer["data"]> {
  const res = await request.get("/api/inbox", { params: { limit: 100, ...query } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as InboxAnswer).data;
}

async function postStatus(request: APIRequestContext, id: number): Promise<string> {
  return ((await (await request.get(`/api/posts/${id}`)).json()) as { data: { status: string } }).data.status;
}

// Rows of a hydrated desk: its keys, selection and buttons work (the rows come in the server's HTML).
const rows = (page: Page) => page.locator("[data-interactive] tbody tr[data-task-id]");
const cursorRow = (page: Page) => page.locator("tbody tr[aria-current='true']");
const cursorId = async (page: Page) => Number(await cursorRow(page).getAttribute("data-task-id"));
/** The preview shows the post's loaded version: the decisions it pins can be made. */
const versionShown = (page: Page, id: number) => expect(page.locator(`aside [data-preview-post='${id}'] [data-preview-version]`).first()).toBeVisible();
const undoToast = (page: Page) => page.locator("[data-undo-toast]");

test("lists every waiting post soonest first, with urgency in words and icon, and counts them in the navigation", async ({ page }) => {
  // The upstream's own lists, campaign by campaign: the inbox holds exactly their waiting posts. Other
  // journeys change the world behind the dashboard's back (the simulator's admin routes), so the two
  // copies agree once each has refreshed: asking for a campaign's list makes the inbox refresh it soon.
  let answer = await inbox(page.request);
  await expect(async () => {
    answer = await inbox(page.request);
    let upstream = 0;
    for (const c of answer.campaigns) {
      expect(["ACTIVE", "FROZEN"]).toContain(c.status);
      const list = (await (await page.request.get(`/api/campaigns/${c.id}/posts`, { params: { status: "WAITING_APPROVAL", limit: 1 } })).json()) as PostPage;
      expect(c.waiting, `campaign ${c.id}`).toBe(list.data.total);
      upstream += list.data.total;
    }
    expect(answer.total).toBe(upstream);
  }).toPass({ timeout: 60_000, intervals: [2_000, 5_000] });
  expect(answer.total, "posts waiting in the seeded world").toBeGreaterThan(3);

  await page.goto("/inbox");
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Очередь" })).toBeVisible();
  const shown = await rows(page).evaluateAll((trs) =>
    trs.map((tr) => ({
      id: Number(tr.getAttribute("data-task-id")),
      status: tr.getAttribute("data-post-status"),
      urgency: tr.getAttribute("data-urgency"),
      at: tr.querySelector("td[data-col='published_at'] time")?.getAttribute("datetime") ?? null,
    })),
  );
  expect(shown.map((r) => r.id)).toEqual(answer.posts.slice(0, shown.length).map((p) => p.task_id));
  for (const r of shown) {
    expect(r.status).toBe("WAITING_APPROVAL");
    expect(["overdue", "due_2h", "today", "later"]).toContain(r.urgency);
  }
  const times = shown.flatMap((r) => (r.at ? [Date.parse(r.at)] : []));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  // Urgency is never colour alone: an icon and a word on every row, the campaign's name beside it.
  const first = rows(page).first();
  await expect(first.locator("td[data-col='urgency'] [data-urgency] svg")).toHaveCount(1);
  await expect(first.locator("td[data-col='urgency']")).toHaveText(/Просрочен|В ближайшие|Сегодня|Позже/);
  const firstPost = answer.posts[0];
  const firstCampaign = answer.campaigns.find((c) => c.id === firstPost?.campaign_id);
  await expect(first.locator("td[data-col='campaign_name']")).toContainText(firstCampaign?.name ?? "");

  // How fresh each campaign's copy is.
  await expect(page.locator("[data-inbox-freshness] summary")).toContainText("обновлены");
  // The navigation's live count.
  const nav = page.getByRole("navigation", { name: /основная навигация/i });
  await expect(nav.getByRole("link", { name: new RegExp(`Очередь.*${answer.total}`) })).toHaveAttribute("aria-current", "page");
  await expectNoA11yViolations(page);

  // The campaigns table shows the same numbers, from the inbox's summary: compared with the summary as it is
  // when the page shows it, since a refresh of the campaign between the two may have moved both.
  await page.goto("/campaigns");
  const busiest = [...answer.campaigns].sort((a, b) => b.waiting - a.waiting)[0];
  const row = page.locator(`[data-testid='campaign-row']`).filter({ hasText: busiest?.name ?? "" }).first();
  await expect(async () => {
    const shownWaiting = await row.locator("[data-waiting]").getAttribute("data-waiting", { timeout: 5_000 });
    const now = (await inbox(page.request)).campaigns.find((c) => c.id === busiest?.id);
    if (shownWaiting !== String(now?.waiting)) await page.reload();
    expect(shownWaiting).toBe(String(now?.waiting));
  }).toPass({ timeout: 30_000 });
});

test("filters live in the URL and survive a reload; an invalid link falls back", async ({ page }) => {
  const answer = await inbox(page.request);
  const campaign = [...answer.campaigns].sort((a, b) => b.waiting - a.waiting)[0];
  expect(campaign).toBeDefined();
  await page.goto("/inbox");
  await expect(rows(page).first()).toBeVisible();

  await page.getByLabel("Кампания", { exact: true }).selectOption(String(campaign?.id));
  await expect(page).toHaveURL(new RegExp(`campaign=${campaign?.id}`));
  const urgencies = [...new Set((await inbox(page.request, { campaign_id: campaign?.id ?? 0 })).posts.map((p) => p.urgency))];
  const pick = urgencies[0] ?? "later";
  const labels: Record<string, RegExp> = { overdue: /Просрочен/, due_2h: /В ближайшие/, today: /Сегодня/, later: /Позже/ };
  await page.getByRole("group", { name: "Срочность" }).getByRole("checkbox", { name: labels[pick] }).check();
  await expect(page).toHaveURL(new RegExp(`urgency=${pick}`));

  await page.reload();
  await expect(page.getByLabel("Кампания", { exact: true })).toHaveValue(String(campaign?.id));
  await expect(page.getByRole("group", { name: "Срочность" }).getByRole("checkbox", { name: labels[pick] })).toBeChecked();
  await expect(rows(page).first()).toBeVisible();
  for (const r of await rows(page).evaluateAll((trs) => trs.map((tr) => [tr.getAttribute("data-campaign-id"), tr.getAttribute("data-urgency")]))) {
    expect(r).toEqual([String(campaign?.id), pick]);
  }
  await expectNoA11yViolations(page);

  await page.goto("/inbox?urgency=soon&type=NOPE&page=-1");
  await expect(page).toHaveURL(/\/inbox$/);
});

test("keyboard triage: j/k move, a approves and moves on, u undoes, r asks for a reason and moves on", async ({ page }) => {
  // Three 5 s undo windows (an approve undone, one sent, a reject: every decision waits one). The page's
  // clock jumps past each instead of waiting it out in real time; what is sent when is checked as before.
  test.setTimeout(120_000);
  await page.clock.install();
  await page.goto("/inbox");
  await expect(rows(page).nth(3)).toBeVisible();

  await page.keyboard.press("j");
  const first = await cursorId(page);
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await expect.poll(() => cursorId(page)).toBe(first);
  await versionShown(page, first);

  // a: the next post is up at once; u takes the approval back and returns to it; nothing was sent.
  const ids = await rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-task-id"))));
  await page.keyboard.press("a");
  await expect.poll(() => cursorId(page)).toBe(ids[1]);
  await expect(undoToast(page)).toContainText(`Пост №${first} будет согласован через`);
  await page.keyboard.press("u");
  await expect(undoToast(page)).toHaveCount(0);
  await expect.poll(() => cursorId(page)).toBe(first);
  await page.clock.fastForward(6_000);
  expect(await postStatus(page.request, first)).toBe("WAITING_APPROVAL");

  // a again: sent after its window with the version read, and the cursor stays on the post after it.
  await versionShown(page, first);
  await page.keyboard.press("a");
  const next = await cursorId(page);
  expect(next).toBe(ids[1]);
  expect(await postStatus(page.request, first)).toBe("WAITING_APPROVAL");
  await page.clock.fastForward(5_000);
  await expect.poll(() => postStatus(page.request, first), { timeout: 20_000 }).toBe("APPROVED");
  await expect.poll(() => cursorId(page)).toBe(next);
  await expectNoA11yViolations(page);

  // r on the post now under the cursor: the reason dialog, then the next post.
  await versionShown(page, next);
  await page.keyboard.press("r");
  const dialog = page.getByRole("dialog", { name: `Отклонить пост №${next}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: /^Тон/ }).check();
  await dialog.getByLabel("Причина отклонения").fill("e2e: inbox, не тот тон");
  await dialog.getByLabel("Причина отклонения").press("Control+Enter");
  await expect(dialog).toBeHidden();
  await page.clock.fastForward(5_000);
  await expect.poll(() => postStatus(page.request, next), { timeout: 20_000 }).toBe("CANCELED");
  await expect.poll(() => cursorId(page)).not.toBe(next);
});

test("bulk approve across campaigns asks once, can be undone for 5 s, then runs one job per campaign", async ({ page }) => {
  // The page's clock jumps past the undo windows instead of waiting them out.
  await page.clock.install();
  await page.goto("/inbox");
  await expect(rows(page).nth(5)).toBeVisible();
  // Two posts of one campaign and one of another, from the rows on screen.
  // Flagged rows (over a limit, blocked by the checks) are left out of a bulk approve: pick plain ones.
  const all = await rows(page).evaluateAll((trs) =>
    trs
      .filter((tr) => !tr.querySelector("[data-over-limit], [data-row-checks='blocked']"))
      .map((tr) => ({ id: Number(tr.getAttribute("data-task-id")), campaign: tr.getAttribute("data-campaign-id") })),
  );
  const campaigns = [...new Set(all.map((r) => r.campaign))];
  test.skip(campaigns.length < 2, "needs posts of two campaigns on the first page");
  const picked = [all.find((r) => r.campaign === campaigns[0]), all.find((r) => r.campaign === campaigns[1])].flatMap((r) => (r ? [r.id] : []));
  for (const id of picked) await page.locator(`tbody tr[data-task-id='${id}']`).getByRole("checkbox").check();

  const bar = page.getByRole("region", { name: "Действия с выбранными постами" });
  await bar.getByRole("button", { name: "Согласовать все (2)" }).click();
  const confirm = page.getByRole("dialog", { name: "Согласовать 2 поста?" });
  await expect(confirm).toContainText("по заданию на каждую кампанию");
  await expectNoA11yViolations(page);
  // Undo within the window: no job at all.
  await confirm.getByRole("button", { name: "Согласовать (2)" }).click();
  await expect(undoToast(page)).toContainText("2 поста будут согласованы через");
  await page.getByRole("button", { name: "Отменить массовое согласование (2)" }).click();
  await page.clock.fastForward(6_000);
  await expect(page.locator("section[data-bulk-job]")).toHaveCount(0);
  for (const id of picked) expect(await postStatus(page.request, id)).toBe("WAITING_APPROVAL");

  for (const id of picked) await page.locator(`tbody tr[data-task-id='${id}']`).getByRole("checkbox").check();
  await bar.getByRole("button", { name: "Согласовать все (2)" }).click();
  await page.getByRole("dialog", { name: "Согласовать 2 поста?" }).getByRole("button", { name: "Согласовать (2)" }).click();
  await expect(undoToast(page)).toContainText("2 поста будут согласованы через");
  await expect(page.locator("section[data-bulk-job]")).toHaveCount(0);
  await page.clock.fastForward(5_000);
  await expect(page.locator("section[data-bulk-job]")).toHaveCount(2, { timeout: 15_000 });
  for (const job of await page.locator("section[data-bulk-job]").all()) await expect(job).toHaveAttribute("data-bulk-status", "done", { timeout: 45_000 });
  for (const id of picked) expect(await postStatus(page.request, id)).toBe("APPROVED");
});

test("on a phone the filters sit behind one button with their count, the first post is on the first screen, and they still filter", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the rows are cards.
  const cards = page.locator("[data-interactive] li[data-task-id]");
  const campaign = [...(await inbox(page.request)).campaigns].sort((a, b) => b.waiting - a.waiting)[0];
  await page.goto("/inbox");
  await expect(cards.first()).toBeVisible();
  const button = page.getByTestId("phone-filters");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("phone-filters-count")).toHaveCount(0);
  await expect(page.getByLabel("Кампания", { exact: true })).toBeHidden();
  // The whole first row is above the fold (the filters used to fill the first screen).
  const first = await cards.first().boundingBox();
  expect(first && first.y + first.height, "the first row's bottom edge").toBeLessThanOrEqual(844);

  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.getByLabel("Кампания", { exact: true }).selectOption(String(campaign?.id));
  await expect(page).toHaveURL(new RegExp(`campaign=${campaign?.id}`));
  await expect(page.getByTestId("phone-filters-count")).toHaveText(/1/);
  // Every card is the campaign's once the filtered list is in (the first card can match while the old list is still shown).
  await expect.poll(() => cards.evaluateAll((trs) => [...new Set(trs.map((tr) => tr.getAttribute("data-campaign-id")))])).toEqual([String(campaign?.id)]);
  await expectNoA11yViolations(page);

  // Closed again, the count stays on the button; a reload keeps filter and count.
  await button.click();
  await expect(page.getByLabel("Кампания", { exact: true })).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("phone-filters-count")).toHaveText(/1/);
});

test.describe("a reviewer", () => {
  test.use({ role: "reviewer" });

  test("lands on the inbox's posts awaiting their verdict, and can choose another start page on the profile", async ({ page }) => {
    await page.goto("/start");
    await expect(page).toHaveURL(/\/inbox\?verdict=mine$/);
    await expect(page.getByTestId("verdict-filter")).toHaveValue("mine");
    const mine = await inbox(page.request, { verdict: "mine" });
    if (mine.total > 0) await expect(page.locator("[data-interactive] tbody tr[data-task-id]").first()).toHaveAttribute("data-task-id", String(mine.posts[0]?.task_id));

    await page.goto("/profile");
    const form = page.getByTestId("landing-form");
    await form.getByRole("radio", { name: "Календарь публикаций" }).check();
    await form.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText("Стартовая страница сохранена").first()).toBeVisible();
    await page.goto("/start");
    await expect(page).toHaveURL(/\/calendar$/);

    // Back to the role's page, as the other journeys expect.
    await page.goto("/profile");
    await form.getByRole("radio", { name: /Как у роли/ }).check();
    await form.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText("Стартовая страница сохранена").first()).toBeVisible();
    await page.goto("/start");
    await expect(page).toHaveURL(/\/inbox\?verdict=mine$/);
  });
});
