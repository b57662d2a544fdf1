// @vitest-environment jsdom
// Pages heal by themselves: React Query retries, one banner counts down, panels recover without a click.
import { QueryClientProvider, focusManager, onlineManager, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import common from "@/messages/ru/common.json";
import { ApiClientError, apiRead } from "@/lib/queries/fetch-json";
import { makeQueryClient } from "@/lib/queries/query-client";
import { OutageBanner, OutageProvider } from "./outage";
import { QueryBoundary } from "./query-boundary";
import { ErrorState } from "./query-states";

let start: number;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  start = Date.now();
});
afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const unavailable = (retryAfter?: number) => () => new ApiClientError(503, "upstream_unavailable", "Сервис временно недоступен", retryAfter);

/** A read that fails `times` times with `error`, then answers; `calls` says when each call came (ms from the start). */
function flaky(times: number, error: () => Error = unavailable()) {
  const calls: number[] = [];
  const fn = vi.fn(async () => {
    calls.push(Date.now() - start);
    if (calls.length <= times) throw error();
    return "данные";
  });
  return Object.assign(fn, { calls });
}

function Suspended({ name, fn }: { name: string; fn: () => Promise<string> }) {
  const data = useSuspenseQuery({ queryKey: [name], queryFn: fn }).data;
  return <p>{`${name}: ${data}`}</p>;
}

function Plain({ name, fn, retry }: { name: string; fn: () => Promise<string>; retry?: false }) {
  const query = useQuery({ queryKey: [name], queryFn: fn, ...(retry === false ? { retry } : {}) });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <p>загрузка {name}</p>;
  return <p>{`${name}: ${query.data}`}</p>;
}

function panel(name: string, fn: () => Promise<string>) {
  return (
    <QueryBoundary fallback={<p>скелет {name}</p>}>
      <Suspended name={name} fn={fn} />
    </QueryBoundary>
  );
}

function renderPage(ui: ReactNode) {
  render(
    <NextIntlClientProvider locale="ru" messages={{ common }} timeZone="Europe/Moscow">
      <QueryClientProvider client={makeQueryClient()}>
        <OutageProvider>{ui}</OutageProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

/** Time passes in small steps, each in act(), so React commits between timers as it would in a browser. */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 250) await act(() => vi.advanceTimersByTimeAsync(Math.min(250, left)));
}
const banner = () => document.querySelector("[data-outage]");
const countdown = () => document.querySelector("[data-outage-countdown]")?.textContent;
/** The page's own alerts with text (Next adds an empty route announcer in the real app). */
const alerts = () => screen.queryAllByRole("alert").filter((a) => a.textContent?.trim());

describe("a transient failure", () => {
  it("is retried until it heals while the panel keeps its skeleton and one banner counts down", async () => {
    const fn = flaky(4);
    renderPage(panel("план", fn));
    await advance(10);
    expect(countdown()).toBe("Следующая попытка через 1 с");
    expect(alerts().map((a) => a.textContent)).toEqual(["Сервис временно недоступен"]);
    expect(screen.getByText("скелет план")).toBeTruthy();
    await advance(1000);
    expect(countdown()).toBe("Следующая попытка через 2 с");
    await advance(1000);
    expect(countdown()).toBe("Следующая попытка через 1 с");

    await advance(20_000);
    expect(screen.getByText("план: данные")).toBeTruthy();
    expect(banner()).toBeNull();
    // 1, 2, 4, 8 s between attempts.
    expect(fn.calls).toEqual([0, 1000, 3000, 7000, 15_000]);
  });

  it("is retried on a backoff that never leaves more than 15 s to the next attempt", async () => {
    const fn = flaky(100);
    renderPage(panel("план", fn));
    await advance(80_000);
    const gaps = fn.calls.slice(1).map((t, i) => t - (fn.calls[i] ?? 0));
    expect(gaps.slice(0, 7)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
    expect(countdown()).toMatch(/^Следующая попытка через \d+ с$/);
  });

  it("waits what the server's Retry-After says, however long: no request before it", async () => {
    const fn = flaky(1, unavailable(45));
    renderPage(panel("план", fn));
    await advance(10);
    expect(countdown()).toBe("Следующая попытка через 45 с");
    await advance(44_000);
    expect(fn.calls).toEqual([0]);
    await advance(1_500);
    expect(fn.calls).toEqual([0, 45_000]);
    expect(screen.getByText("план: данные")).toBeTruthy();
  });

  it("names a long wait (the hour's budget) as a time, not thousands of seconds", async () => {
    renderPage(panel("план", flaky(1, unavailable(1800))));
    await advance(10);
    expect(countdown()).toMatch(/^Следующая попытка в \d{1,2}:\d{2}$/);
  });

  it("keeps a 404 in its panel: no retry, no banner", async () => {
    const fn = vi.fn(async (): Promise<string> => {
      throw new ApiClientError(404, "not_found", "Пост не найден");
    });
    renderPage(panel("пост", fn));
    await advance(30_000);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
    expect(alerts().map((a) => a.textContent)).toEqual(["Пост не найденПовторить"]);
  });
});

describe("one banner per page", () => {
  it("several failing panels show one banner, and all heal", async () => {
    const [a, b, c] = [flaky(2), flaky(2), flaky(2)];
    renderPage(
      <>
        {panel("a", a)}
        {panel("b", b)}
        <Plain name="c" fn={c} />
      </>,
    );
    await advance(10);
    expect(document.querySelectorAll("[data-outage]")).toHaveLength(1);
    expect(alerts()).toHaveLength(1);
    expect(screen.getByText("загрузка c")).toBeTruthy();
    await advance(5000);
    for (const name of ["a", "b", "c"]) expect(screen.getByText(`${name}: данные`)).toBeTruthy();
    expect(banner()).toBeNull();
    for (const fn of [a, b, c]) expect(fn).toHaveBeenCalledTimes(3);
  });

  it("a failure that reached its panel heals on the same schedule, with a quiet placeholder", async () => {
    const fn = flaky(2);
    renderPage(<Plain name="own" fn={fn} retry={false} />);
    await advance(10);
    expect(document.querySelector("[data-outage-placeholder]")?.textContent).toBe(common.outage.panel);
    expect(countdown()).toBe("Следующая попытка через 1 с");
    await advance(3000);
    expect(screen.getByText("own: данные")).toBeTruthy();
    expect(banner()).toBeNull();
  });
});

describe("what brings the next attempt forward", () => {
  it("the network's return: nothing is asked while offline, then at once", async () => {
    const fn = flaky(1);
    renderPage(panel("план", fn));
    await advance(10);
    act(() => onlineManager.setOnline(false));
    expect(countdown()).toBe(common.outage.offline);
    await advance(30_000);
    expect(fn.calls).toEqual([0]); // the retry waits for the network
    act(() => onlineManager.setOnline(true));
    await advance(10);
    expect(fn.calls).toEqual([0, 30_010]);
    expect(screen.getByText("план: данные")).toBeTruthy();
  });

  it("the network's return cuts a backoff short", async () => {
    const fn = flaky(5);
    renderPage(panel("план", fn));
    await advance(7_500); // attempts at 0, 1, 3, 7 s; the next at 15 s
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    await advance(10);
    expect(fn.calls).toEqual([0, 1000, 3000, 7000, 7500]);
  });

  it("the tab coming back into view, but never before the server's Retry-After", async () => {
    const fn = flaky(2, unavailable());
    renderPage(panel("план", fn));
    await advance(500);
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await advance(10);
    expect(fn.calls).toEqual([0, 500]);

    const held = flaky(1, unavailable(30));
    renderPage(panel("другой", held));
    await advance(2000);
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await advance(10);
    expect(held.calls).toEqual([held.calls[0]]);
  });

  it("no attempt while the tab is hidden, then one at once when it is shown", async () => {
    const fn = flaky(1);
    renderPage(panel("план", fn));
    act(() => focusManager.setFocused(false));
    await advance(20_000);
    expect(fn.calls).toEqual([0]);
    act(() => focusManager.setFocused(true));
    await advance(10);
    expect(fn.calls).toEqual([0, 20_000]);
    expect(screen.getByText("план: данные")).toBeTruthy();
  });

  it("'try now', even before a Retry-After; 'checking' while the attempt is out", async () => {
    let answer: ((v: string) => void) | undefined;
    const fn = vi.fn(() => (fn.mock.calls.length === 1 ? Promise.reject(unavailable(30)()) : new Promise<string>((r) => (answer = r))));
    renderPage(panel("план", fn));
    await advance(2000);
    fireEvent.click(screen.getByRole("button", { name: common.outage.tryNow }));
    await advance(10);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(countdown()).toBe(common.outage.checking);
    await act(async () => answer?.("данные"));
    expect(screen.getByText("план: данные")).toBeTruthy();
    expect(banner()).toBeNull();
  });
});

describe("a browser that cannot reach the dashboard", () => {
  it("says so in words, never 'Failed to fetch', and heals once it can", async () => {
    // The schemas' chunk loads for real (outside the fake clock): have it loaded before the clock matters.
    await import("@/lib/queries/response-schemas");
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetchMock);
    function Account() {
      const data = useSuspenseQuery({ queryKey: ["account"], queryFn: ({ signal }) => apiRead("account", "/api/account", { signal }) }).data;
      return <p>{data.data.plan.name}</p>;
    }
    renderPage(
      <QueryBoundary fallback={<p>скелет</p>}>
        <Account />
      </QueryBoundary>,
    );
    await advance(10);
    expect(alerts().map((a) => a.textContent)).toEqual([common.errors.network]);
    expect(document.body.textContent).not.toContain("Failed to fetch");

    fetchMock.mockImplementation(async () =>
      Response.json({
        data: {
          plan: { name: "Про", tier: "pro" },
          subscription: { is_active: true, is_trial: false, active_until: "2027-01-01T00:00:00Z", activated_at: "2026-01-01T00:00:00Z" },
          quota: { posts: { used: 1, limit: 10, remaining: 9 }, images: { used: 0, limit: null, remaining: null }, previews: { used: 0, limit: 5, remaining: 5 } },
          limits: { max_projects: 3, max_campaigns: 10, max_channels: 5 },
        },
        meta: { stale: false, fetchedAt: "2026-11-21T05:00:00Z" },
      }),
    );
    await advance(1500);
    expect(screen.getByText("Про")).toBeTruthy();
    expect(banner()).toBeNull();
  });
});

describe("OutageBanner", () => {
  it("leaves the countdown to itself: a server message's own 'next attempt in N s' is not repeated", () => {
    const error = new ApiClientError(503, "budget_exhausted", "Лимит запросов к сервису исчерпан. Следующая попытка через 10 с");
    render(
      <NextIntlClientProvider locale="ru" messages={{ common }}>
        <OutageBanner phase="waiting" secondsLeft={7} nextAt={0} error={error} onTryNow={() => undefined} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Лимит запросов к сервису исчерпан.");
    expect(document.querySelector("[data-outage-countdown]")?.textContent).toBe("Следующая попытка через 7 с");
  });
});
