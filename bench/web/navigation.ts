// Warm navigations: in a page whose app is already loaded, the time from a
// click (or history.back()) to the target page's content on screen, measured
// inside the page (performance.now() at the click's capture phase, and at the
// first animation frame after the content element is in the DOM and visible).
// Each round runs in a fresh browser context, so "first visit" is one; the
// requests the page made between the click and the content tell whether the
// target's data was already in the browser (no RSC and no /api request) or not.
import type { Browser, Page } from "@playwright/test";
import { content, links, type Content } from "./pages";
import type { StorageState } from "./session";

export type NavResult = {
  name: string;
  /** What the journey expects: a page seen before in this round, or not. */
  visit: "first" | "again";
  rounds: (number | null)[];
  /** Per round: requests sent after the click and answered before the content appeared, and whether a skeleton showed. */
  fetched: { rsc: number; api: number; skeleton: boolean }[];
  errors: string[];
};

type Bench = { t0: number | null; t1: number | null; skeleton: boolean; done: Promise<{ t0: number; t1: number; skeleton: boolean }> | null };
type WithBench = Window & { __bench?: Bench };

/** Installs the watcher for `target`; the clock starts at the next click (or at `startNow`). */
async function arm(page: Page, target: Content, timeoutMs: number): Promise<void> {
  await page.evaluate(
    ({ selector, text, path, timeoutMs }) => {
      const w = window as WithBench;
      const bench: Bench = { t0: null, t1: null, skeleton: false, done: null };
      w.__bench = bench;
      const pattern = text ? new RegExp(text) : null;
      document.addEventListener("click", () => void (bench.t0 ??= performance.now()), { capture: true, once: true });
      bench.done = new Promise((resolve, reject) => {
        const found = () =>
          (!path || location.pathname === path) &&
          [...document.querySelectorAll(selector)].some((el) => {
            const rect = el.getBoundingClientRect();
            const visible = rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== "hidden";
            return visible && (!pattern || pattern.test(el.textContent ?? ""));
          });
        const check = () => {
          if (bench.t0 === null || bench.t1 !== null) return;
          // A loading placeholder of the target page (skeletons carry aria-busy) means it waited for data.
          if ((!path || location.pathname === path) && document.querySelector('main [aria-busy="true"]')) bench.skeleton = true;
          if (!found()) return;
          bench.t1 = -1; // found; the time is taken at the next frame, when it is painted
          stop();
          requestAnimationFrame(() => {
            bench.t1 = performance.now();
            resolve({ t0: bench.t0 ?? 0, t1: bench.t1, skeleton: bench.skeleton });
          });
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const interval = setInterval(check, 25);
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`no ${selector}${text ? ` /${text}/` : ""} on ${path ?? "the page"} within ${timeoutMs} ms (at ${location.pathname})`));
        }, timeoutMs);
        function stop() {
          observer.disconnect();
          clearInterval(interval);
          clearTimeout(timer);
        }
      });
      bench.done.catch(() => {}); // read later; never an unhandled rejection in the page
    },
    { ...target, timeoutMs },
  );
}

type Measured = { ms: number; rsc: number; api: number; skeleton: boolean };

async function finish(page: Page): Promise<Measured> {
  const { t0, t1, skeleton } = await page.evaluate(() => (window as WithBench).__bench?.done ?? Promise.reject(new Error("not armed")));
  await page.waitForTimeout(200); // lets the last responses land in the resource timeline
  const fetched = await page.evaluate(
    ({ t0, t1 }) => {
      // Requests the content could have waited on: sent after the click and answered before the content.
      const started = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
        (e) => e.startTime >= t0 && e.responseEnd > 0 && e.responseEnd <= t1,
      );
      const urls = started.map((e) => new URL(e.name, location.href));
      return {
        rsc: urls.filter((u) => u.origin === location.origin && u.searchParams.has("_rsc")).length,
        api: urls.filter((u) => u.origin === location.origin && u.pathname.startsWith("/api/")).length,
      };
    },
    { t0, t1 },
  );
  return { ms: t1 - t0, skeleton, ...fetched };
}

async function clickTo(page: Page, link: string, target: Content, timeoutMs: number) {
  await arm(page, target, timeoutMs);
  await page.locator(link).first().click();
  return finish(page);
}

async function backTo(page: Page, target: Content, timeoutMs: number) {
  await arm(page, target, timeoutMs);
  await page.evaluate(() => {
    const bench = (window as WithBench).__bench;
    if (bench) bench.t0 = performance.now();
    history.back();
  });
  return finish(page);
}

/** Loads `path` in full and waits for its content and for the prefetches and polls to settle. */
async function open(page: Page, path: string, target: Content, timeoutMs: number): Promise<void> {
  await page.goto(path);
  await arm(page, target, timeoutMs);
  await page.evaluate(() => {
    const bench = (window as WithBench).__bench;
    if (bench) bench.t0 = performance.now();
  });
  await finish(page);
  await page.waitForTimeout(1_000);
}

export type NavOptions = { baseURL: string; state: StorageState; campaign: number; rounds: number; timeoutMs?: number; log?: (s: string) => void };

const STEPS: { name: string; visit: NavResult["visit"] }[] = [
  { name: "overview → campaigns", visit: "first" },
  { name: "campaign → queue", visit: "first" },
  { name: "queue → post", visit: "first" },
  { name: "back: post → queue", visit: "again" },
  { name: "back: queue → campaign", visit: "again" },
  { name: "campaign → queue (again)", visit: "again" },
  { name: "queue → post (again)", visit: "again" },
];

export async function measureNavigations(browser: Browser, o: NavOptions): Promise<NavResult[]> {
  const timeoutMs = o.timeoutMs ?? 30_000;
  const results = new Map<string, NavResult>(STEPS.map((s) => [s.name, { ...s, rounds: [], fetched: [], errors: [] }]));
  const record = (name: string, r: Measured | Error) => {
    const entry = results.get(name);
    if (!entry) return;
    if (r instanceof Error) {
      entry.rounds.push(null);
      entry.fetched.push({ rsc: -1, api: -1, skeleton: false });
      entry.errors.push(r.message.split("\n")[0] ?? String(r));
    } else {
      entry.rounds.push(r.ms);
      entry.fetched.push({ rsc: r.rsc, api: r.api, skeleton: r.skeleton });
    }
  };
  const step = async (name: string, fn: () => Promise<Measured>) => {
    try {
      record(name, await fn());
      return true;
    } catch (e) {
      record(name, e instanceof Error ? e : new Error(String(e)));
      return false;
    }
  };

  for (let round = 1; round <= o.rounds; round++) {
    o.log?.(`  navigation round ${round}/${o.rounds}`);
    const context = await browser.newContext({ baseURL: o.baseURL, storageState: o.state, viewport: { width: 1280, height: 800 } });
    // A string, not a function: tsx (esbuild keepNames) wraps named functions in
    // __name(), which the functions handed to page.evaluate then call in the page.
    await context.addInitScript("globalThis.__name ??= (f) => f; performance.setResourceTimingBufferSize(10000);");
    const page = await context.newPage();
    const c = o.campaign;
    try {
      await open(page, "/", content.overview(), timeoutMs);
      await step("overview → campaigns", () => clickTo(page, links.campaignsInHeader, content.campaigns(), timeoutMs));

      await open(page, `/campaigns/${c}`, content.campaign(c), timeoutMs);
      if (!(await step("campaign → queue", () => clickTo(page, links.queueOfCampaign(c), content.queue(c), timeoutMs)))) continue;
      await page.waitForTimeout(500);
      const first = Number(await page.locator(content.queue(c).selector).first().getAttribute("data-task-id"));
      if (!(await step("queue → post", () => clickTo(page, links.postInQueue(first), content.post(first), timeoutMs)))) continue;
      await page.waitForTimeout(500);
      if (!(await step("back: post → queue", () => backTo(page, content.queue(c), timeoutMs)))) continue;
      await page.waitForTimeout(500);
      if (!(await step("back: queue → campaign", () => backTo(page, content.campaign(c), timeoutMs)))) continue;
      await page.waitForTimeout(500);
      if (!(await step("campaign → queue (again)", () => clickTo(page, links.queueOfCampaign(c), content.queue(c), timeoutMs)))) continue;
      await page.waitForTimeout(500);
      await step("queue → post (again)", () => clickTo(page, links.postInQueue(first), content.post(first), timeoutMs));
    } catch (e) {
      o.log?.(`  round ${round} failed: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
    } finally {
      await context.close();
    }
    // A step skipped after an earlier failure counts as a failed round too.
    for (const r of results.values()) while (r.rounds.length < round) record(r.name, new Error("not reached (an earlier step failed)"));
  }
  return [...results.values()];
}
