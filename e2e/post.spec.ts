import type { APIRequestContext, Page } from "@playwright/test";
import { authFile, expect, expectNoA11yViolations, setLocale, test } from "./fixtures";

// The post page: versions and their diff, media of every type, platform
// previews, and approving from the page. Posts are found at run time through
// the dashboard's own API (all specs share one simulator world).

type PostItem = { task_id: number; status: string; post_type: string; media: { images: unknown[]; video: unknown; documents: { filename: string }[] } | null };
type Detail = { data: PostItem & { versions: { version_number: number; text_content: string }[] } };

async function campaignPosts(request: APIRequestContext, status?: string): Promise<PostItem[]> {
  const { data } = (await (await request.get("/api/campaigns")).json()) as { data: { campaigns: { id: number }[] } };
  const all: PostItem[] = [];
  for (const c of data.campaigns) {
    const res = await request.get(`/api/campaigns/${c.id}/posts`, { params: { limit: 100, ...(status ? { status } : {}) } });
    if (res.ok()) all.push(...((await res.json()) as { data: { posts: PostItem[] } }).data.posts);
  }
  return all;
}

async function detail(request: APIRequestContext, id: number): Promise<Detail["data"]> {
  return ((await (await request.get(`/api/posts/${id}`)).json()) as Detail).data;
}

const media = (page: Page) => page.locator("#media");

test.describe("as a reviewer", () => {
  test.use({ storageState: authFile("reviewer") });

  test("compares two versions word by word and cannot decide", async ({ page }) => {
    let target: Detail["data"] | undefined;
    for (const p of (await campaignPosts(page.request)).slice(0, 40)) {
      const d = await detail(page.request, p.task_id);
      const texts = new Set(d.versions.map((v) => v.text_content));
      if (d.versions.length >= 2 && texts.size >= 2) {
        target = d;
        break;
      }
    }
    expect(target, "a post with two different versions").toBeDefined();
    const post = target!;
    // Two versions whose texts differ: the oldest such pair, so the diff has something to show.
    const sorted = [...post.versions].sort((a, b) => a.version_number - b.version_number);
    const older = sorted[0]!;
    const newer = [...sorted].reverse().find((v) => v.text_content !== older.text_content) ?? sorted.at(-1)!;

    await page.goto(`/posts/${post.task_id}`);
    const versions = page.locator("#versions");
    await expect(versions.locator("[data-version]")).toHaveCount(post.versions.length);

    await versions.getByLabel(/было|from version/i).selectOption(String(older.version_number));
    await versions.getByLabel(/стало|to version/i).selectOption(String(newer.version_number));
    const changes = versions.locator("[data-diff-mode] ins, [data-diff-mode] del");
    await expect(changes.first()).toBeVisible();
    await expect(versions.getByTestId("diff-counts")).toContainText(/\+\d/);
    // Style that does not rely on colour (no literal markers), and words for screen readers.
    const first = changes.first();
    await expect(first).not.toContainText(/\[[+−]/);
    await expect(first).toHaveClass(/line-through|underline/);
    await expect(first.locator(".sr-only")).toHaveText(/добавлено:|удалено:|inserted:|deleted:/);

    await versions.getByRole("button", { name: /рядом|side by side/i }).click();
    await expect(versions.locator("[data-diff-mode='split']")).toBeVisible();

    await expect(page.getByRole("button", { name: /^(согласовать|approve)$/i })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(отклонить|reject)/i })).toHaveCount(0);
    // The server refuses anyway, for the role (the Origin header passes the same-origin check).
    const origin = new URL(page.url()).origin;
    const res = await page.request.post(`/api/posts/${post.task_id}/approve`, { data: {}, headers: { Origin: origin } });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");

    await expectNoA11yViolations(page);
  });

  test("shows media of every type", async ({ page }) => {
    const posts = (await campaignPosts(page.request)).filter((p) => p.media);
    const find = (type: string, extra: (p: PostItem) => boolean = () => true) => {
      const found = posts.find((p) => p.post_type === type && extra(p));
      expect(found, `a ${type} post`).toBeDefined();
      return found!.task_id;
    };

    await test.step("image", async () => {
      await page.goto(`/posts/${find("IMAGE", (p) => (p.media?.images.length ?? 0) > 0)}`);
      const img = media(page).locator("img").first();
      await expect(img).toBeVisible();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
      await expectNoA11yViolations(page);
    });

    await test.step("album", async () => {
      await page.goto(`/posts/${find("ALBUM", (p) => (p.media?.images.length ?? 0) > 1)}`);
      await media(page).getByRole("button", { name: /открыть изображение 1|open image 1/i }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading")).toContainText(/1/);
      await expect.poll(() => dialog.locator("img").evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
      await page.keyboard.press("ArrowRight");
      await expect(dialog.getByRole("heading")).toContainText(/2/);
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    });

    await test.step("video", async () => {
      await page.goto(`/posts/${find("VIDEO", (p) => p.media?.video != null)}`);
      const video = media(page).locator("video");
      await expect(video).toHaveAttribute("src", /.+/);
      await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      await expectNoA11yViolations(page);
    });

    await test.step("document", async () => {
      const id = find("DOCUMENT", (p) => (p.media?.documents ?? []).some((d) => /\.pdf$/i.test(d.filename)));
      await page.goto(`/posts/${id}`);
      const doc = media(page).locator("[data-document]").first();
      await expect(doc.getByRole("link", { name: /скачать|download/i })).toHaveAttribute("href", /.+/);
      await expect(doc).toContainText(/\d+([,.]\d)?\s?(Б|КБ|МБ|B|KB|MB)/);
      await doc.getByRole("button", { name: /открыть здесь|view here/i }).click();
      await expect(doc.locator("object[type='application/pdf']")).toHaveAttribute("data", /.+/);
      await expectNoA11yViolations(page);
    });
  });
});

test.describe("in English, dark theme, on a phone", () => {
  test.use({ storageState: authFile("editor"), viewport: { width: 390, height: 844 }, colorScheme: "dark" });

  test("renders every panel in English with the decision first", async ({ page }) => {
    const post = (await campaignPosts(page.request, "WAITING_APPROVAL")).find((p) => p.media);
    expect(post, "a waiting post with media").toBeDefined();
    await page.goto("/");
    await setLocale(page, "en");
    await page.goto(`/posts/${post!.task_id}`);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Post #${post!.task_id}`);
    for (const name of ["Text", "Media", "Versions and comparison", "How the post will look", "Publishing per channel", "Timeline", "Engagement", "Decision history"]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    // On a phone the decision panel comes right after the heading.
    const decisionTop = await page.locator("#decision").evaluate((el) => el.getBoundingClientRect().top);
    const textTop = await page.locator("#text").evaluate((el) => el.getBoundingClientRect().top);
    expect(decisionTop).toBeLessThan(textTop);
    await expectNoA11yViolations(page);
  });
});

test.describe("as an editor", () => {
  test.use({ storageState: authFile("editor") });

  test("approves a waiting post from its page and sees the result", async ({ page }) => {
    const waiting = await campaignPosts(page.request, "WAITING_APPROVAL");
    expect(waiting.length, "a post waiting for approval").toBeGreaterThan(0);
    const id = waiting.at(-1)!.task_id;

    await page.goto(`/posts/${id}`);
    await expect(page.locator("h1 ~ div [data-post-status]").first()).toHaveAttribute("data-post-status", "WAITING_APPROVAL");

    // The reject dialog refuses an empty reason and can be cancelled.
    await page.getByRole("button", { name: /^(отклонить|reject)…$/i }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: /^(отклонить|reject)$/i }).click();
    await expect(dialog.getByText(/укажите причину|give a reason/i)).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: /отмена|cancel/i }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: /^(согласовать|approve)$/i }).click();
    const result = page.locator("[data-decision-result]");
    await expect(result).toHaveAttribute("data-decision-result", /approved_now|already_approved/);
    await expect(result).toContainText(/.{5,}/);
    await expect(page.locator("h1 ~ div [data-post-status]").first()).toHaveAttribute("data-post-status", "APPROVED");
    await expect(page.locator("#history [data-decision-action='approve']").first()).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
