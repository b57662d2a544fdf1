// @vitest-environment jsdom
// No retry storms: a tab open through a minute of budget refusals asks each query at most 3 times that minute.
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import common from "@/messages/ru/common.json";
import { OutageProvider } from "@/components/ui/outage";
import { apiRead } from "./fetch-json";
import { makeQueryClient } from "./query-client";
import { refusalWaitMs } from "./read-gate";

const fetchMock = vi.fn<typeof fetch>();
// The schemas' chunk loads in real time, which fake timers do not wait for: loaded before the clock is faked.
beforeAll(async () => {
  await import("./response-schemas");
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const account = {
  plan: { name: "Про", tier: "pro" },
  subscription: { is_active: true, is_trial: false, active_until: "2027-01-01T00:00:00Z", activated_at: "2026-01-01T00:00:00Z" },
  quota: { posts: { used: 1, limit: 10, remaining: 9 }, images: { used: 0, limit: null, remaining: null }, previews: { used: 0, limit: 5, remaining: 5 } },
  limits: { max_projects: 3, max_campaigns: 10, max_channels: 5 },
};
const ok = () => new Response(JSON.stringify({ data: account, meta: { stale: false, fetchedAt: new Date().toISOString() } }), { headers: { "Content-Type": "application/json" } });
/** The dashboard's refusal: 503 budget_exhausted, the window named beside the error, Retry-After as the server counts it. */
const refused = (retryAfter: number, window: "minute" | "hour" = "minute") =>
  new Response(
    JSON.stringify({
      error: { code: "budget_exhausted", message: "Минутный лимит запросов к сервису исчерпан. Следующая попытка через 2 с" },
      budget: { window, frees_at: new Date(Date.now() + retryAfter * 1000).toISOString() },
    }),
    { status: 503, headers: { "Content-Type": "application/json", "Retry-After": String(retryAfter) } },
  );

/** Requests the tab sent, by path. */
const sent = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path)).length;

async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 250) await act(() => vi.advanceTimersByTimeAsync(Math.min(250, left)));
}

/** A panel of a page as the dashboard writes them: polls every 5 s (live refresh), on the page's outage banner. */
function Panel({ path, name }: { path: string; name: string }) {
  const q = useQuery({ queryKey: [path], queryFn: ({ signal }) => apiRead("account", path, { signal }), refetchInterval: 5_000 });
  return <p>{q.data ? `${name}: ${q.data.data.plan.name}` : `${name}: …`}</p>;
}

function renderTab(paths: string[]) {
  render(
    <NextIntlClientProvider locale="ru" messages={{ common }} timeZone="Europe/Moscow">
      <QueryClientProvider client={makeQueryClient()}>
        <OutageProvider>
          {paths.map((p) => (
            <Panel key={p} path={p} name={p} />
          ))}
          {/* A second reader of the same query (another panel showing it): still one request at a time. */}
          <Panel path={paths[0] as string} name="copy" />
        </OutageProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

describe("a tab open during a minute-long refusal", () => {
  it("sends at most 3 requests per query in that minute, then recovers once the budget has room", async () => {
    const start = Date.now();
    // The budget refuses every read for a minute, each time asking for a short wait (a sliding window frees a token at a time).
    fetchMock.mockImplementation(async () => (Date.now() - start < 60_000 ? refused(2) : ok()));
    renderTab(["/api/account?a", "/api/account?b"]);
    await advance(59_000);
    expect(sent("/api/account?a")).toBeLessThanOrEqual(3);
    expect(sent("/api/account?b")).toBeLessThanOrEqual(3);
    expect(sent("/api/account?a")).toBeGreaterThanOrEqual(2); // it does try again, after the wait
    // The banner says which window is spent.
    expect(document.querySelector("[data-outage] [role=alert]")?.textContent).toMatch(/^Минутный лимит запросов команды исчерпан; он освободится в /);
    // After the minute the backoff has grown, but the page comes back by itself within its next step.
    await advance(90_000);
    expect(document.body.textContent).toContain("/api/account?a: Про");
    expect(document.body.textContent).toContain("/api/account?b: Про");
    expect(document.querySelector("[data-outage]")).toBeNull();
  });

  it("waits the server's Retry-After, however long: no request before it", async () => {
    fetchMock.mockResolvedValueOnce(refused(45));
    fetchMock.mockImplementation(async () => ok());
    const t0 = Date.now();
    renderTab(["/api/account?long"]);
    await advance(44_000);
    expect(sent("/api/account?long")).toBe(1);
    expect(document.querySelector("[data-outage-countdown]")?.textContent).toMatch(/через [1-9] с/);
    await advance(2_000);
    expect(sent("/api/account?long")).toBe(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45_000);
    expect(document.body.textContent).toContain("/api/account?long: Про");
  });

  it("names the hour and when it frees as a time, not thousands of seconds", async () => {
    fetchMock.mockImplementation(async () => refused(1800, "hour"));
    renderTab(["/api/account?hour"]);
    await advance(5_000);
    expect(sent("/api/account?hour")).toBe(1);
    expect(document.querySelector("[data-outage] [role=alert]")?.textContent).toMatch(/^Часовой лимит запросов команды исчерпан; он освободится в \d{1,2}:\d{2}/);
    expect(document.querySelector("[data-outage-countdown]")?.textContent).toMatch(/^Следующая попытка в \d{1,2}:\d{2}$/);
  });
});

describe("one request per query at a time", () => {
  it("joins a read of the same URL already in flight; each reader gets the answer", async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const a = apiRead("account", "/api/account?join");
    const b = apiRead("account", "/api/account?join");
    answer(ok());
    const [ra, rb] = await Promise.all([a, b]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect([ra.data.plan.name, rb.data.plan.name]).toEqual(["Про", "Про"]);
  });

  it("a cancelled reader leaves the request to the others; it is aborted only when nobody waits", async () => {
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementation((_url, init) => {
      signals.push(init?.signal as AbortSignal);
      return new Promise<Response>(() => undefined);
    });
    const first = new AbortController();
    const second = new AbortController();
    const a = apiRead("account", "/api/account?cancel", { signal: first.signal }).catch((e: unknown) => e);
    const b = apiRead("account", "/api/account?cancel", { signal: second.signal }).catch((e: unknown) => e);
    first.abort();
    expect(((await a) as Error).name).toBe("AbortError");
    expect(signals[0]?.aborted).toBe(false);
    second.abort();
    expect(((await b) as Error).name).toBe("AbortError");
    expect(signals[0]?.aborted).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("the wait after a refusal", () => {
  it("is the server's Retry-After or a backoff of 10, 20, 40 s… whichever is longer, at most 5 min", () => {
    expect([1, 2, 3, 4].map((n) => refusalWaitMs(n, 2))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(refusalWaitMs(1, 45)).toBe(45_000);
    expect(refusalWaitMs(10, undefined)).toBe(300_000);
  });
});
