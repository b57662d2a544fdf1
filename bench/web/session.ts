// Signing in (through the real login form, as e2e/own-sign-in.ts does) and
// picking the campaign and post the measured pages show.
import { devices, type Browser, type BrowserContextOptions } from "@playwright/test";

export type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

export const CHROMIUM = process.env.BENCH_WEB_CHROMIUM ?? "/usr/bin/chromium";
/** Chromium as root on a machine without network (docs: shared/engineering.md). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * A phone's context: its size, touch, and a phone's user agent, so that Chromium's client hints
 * say `Sec-CH-UA-Mobile: ?1` as a real phone's (and Lighthouse's mobile run) do; the server then
 * renders the tables as cards only (components/ui/data-table/layout-hint.ts). `isMobile` alone sends ?0.
 */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  userAgent: devices["Pixel 5"].userAgent,
};

export async function signIn(browser: Browser, baseURL: string, email: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel(/почта|e-?mail/i).fill(email);
    await page.getByLabel(/пароль|password/i).fill("demo");
    await page.getByRole("button", { name: /^(войти|sign in)$/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The Cookie header a signed-in browser sends to `baseURL` (for Lighthouse's extraHeaders). */
export function cookieHeader(state: StorageState, baseURL: string): string {
  const host = new URL(baseURL).hostname;
  return state.cookies
    .filter((c) => c.domain.replace(/^\./, "") === host)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

export type Ids = { campaign: number; post: number; engagementCampaign: number; waiting: number };

type CampaignList = { campaigns: { id: number; status: string }[] };
type PostList = { total: number; posts: { task_id: number }[] };
type CampaignDetail = { id: number; stats?: { published?: number } };

/**
 * Straight from the simulator (Authorization: Bearer <key>, simulator/auth.ts),
 * so picking costs the dashboard's cache nothing: the ACTIVE campaign with the
 * most posts waiting approval (its queue and first waiting post), and for the
 * engagement page the same campaign if it has published posts, else the one
 * with the most.
 */
export async function pickIds(simURL: string, apiKey: string): Promise<Ids> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${simURL}/api/v1/ext/${path}`, { headers: { Authorization: `Bearer ${apiKey}` } });
    if (!res.ok) throw new Error(`simulator GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { campaigns } = await get<CampaignList>("campaigns/?status=DRAFT,ACTIVE,FROZEN,COMPLETED");
  if (campaigns.length === 0) throw new Error("the simulator lists no campaigns");
  let best = { id: 0, total: -1, post: 0 };
  const published = new Map<number, number>();
  for (const c of campaigns) {
    const detail = await get<CampaignDetail>(`campaigns/${c.id}/`);
    published.set(c.id, detail.stats?.published ?? 0);
    if (c.status !== "ACTIVE") continue;
    const page = await get<PostList>(`campaigns/${c.id}/posts/?status=WAITING_APPROVAL&limit=1`);
    if (page.total > best.total && page.posts[0]) best = { id: c.id, total: page.total, post: page.posts[0].task_id };
  }
  if (best.total <= 0) throw new Error("no ACTIVE campaign has posts waiting approval");
  const mostPublished = [...published.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? best.id;
  const engagementCampaign = (published.get(best.id) ?? 0) > 0 ? best.id : mostPublished;
  return { campaign: best.id, post: best.post, engagementCampaign, waiting: best.total };
}
