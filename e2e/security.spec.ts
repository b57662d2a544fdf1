import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { E2E } from "../playwright.config";
import { authFile, expect, test } from "./fixtures";

// The build and this run use a random upstream key (scripts/e2e.mjs); it must
// appear in no file a browser can download and in no response of any kind.
const key = E2E.apiKey;
const distDir = process.env.NEXT_DIST_DIR ?? ".next-e2e";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test("the upstream key is in no built client file", () => {
  expect(key).toMatch(/^sk-e2e-/);
  const files = filesUnder(join(distDir, "static"));
  expect(files.length).toBeGreaterThan(10);
  const leaking = files.filter((f) => readFileSync(f).includes(key));
  expect(leaking).toEqual([]);
});

test.describe("as an admin", () => {
  test.use({ storageState: authFile("admin") });

  test("no page, API answer or header carries the upstream key", async ({ page }) => {
    const seen: string[] = [];
    page.on("response", async (response) => {
      const headers = JSON.stringify(await response.allHeaders());
      const body = await response.body().catch(() => Buffer.alloc(0));
      if (headers.includes(key) || body.includes(key)) seen.push(response.url());
    });
    const campaigns = await page.request.get("/api/campaigns?status=DRAFT,ACTIVE,FROZEN,COMPLETED");
    expect(campaigns.ok()).toBe(true);
    const { data } = (await campaigns.json()) as { data: { campaigns: Array<{ id: number }> } };
    const campaignId = data.campaigns[0]!.id;
    const posts = (await (await page.request.get(`/api/campaigns/${campaignId}/posts?limit=1`)).json()) as {
      data: { posts: Array<{ task_id: number }> };
    };
    const postId = posts.data.posts[0]?.task_id ?? 1;

    for (const path of ["/", "/campaigns", `/campaigns/${campaignId}`, `/campaigns/${campaignId}/queue`, `/posts/${postId}`, "/activity"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    for (const path of [
      "/api/account",
      "/api/projects",
      `/api/campaigns/${campaignId}`,
      `/api/posts/${postId}`,
      "/api/health",
      "/api/audit",
      "/api/posts/999999999",
      "/api/campaigns/abc/posts",
    ]) {
      const response = await page.request.get(path);
      const text = (await response.text()) + JSON.stringify(response.headers());
      expect(text, path).not.toContain(key);
    }
    expect(seen).toEqual([]);
  });

  test("pages carry a strict content security policy and safe headers", async ({ page }) => {
    const response = await page.goto("/");
    const headers = response!.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["permissions-policy"]).toBeTruthy();
  });
});

test("a signed-out page request goes to the login page, and an API request gets the 401 envelope", async ({ page }) => {
  await page.goto("/campaigns");
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  const response = await page.request.get("/api/account");
  expect(response.status()).toBe(401);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBeTruthy();
  expect(body.error.message).toBeTruthy();
});

test("the session cookie is httpOnly and SameSite=Lax", async ({ browser }) => {
  const context = await browser.newContext({ storageState: authFile("editor") });
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name.includes("next-auth.session-token"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  await context.close();
});
