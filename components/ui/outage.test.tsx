// @vitest-environment jsdom
// Pages heal by themselves: one banner counts down and retries; panels recover without a click.
import { QueryClientProvider, useQuery, useSuspenseQuery } from "@tanstack/react-query";
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

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const unavailable = () => new ApiClientError(503, "upstream_unavailable", "Сервис временно недоступен");

/** A read that fails `times` times with `error`, then answers. */
function flaky(times: number, error: () => Error = unavailable) {
  let calls = 0;
  const fn = vi.fn(async () => {
    calls += 1;
    if (calls <= times) throw error();
    return "данные";
  });
  return fn;
}

function Suspended({ name, fn }: { name: string; fn: () => Promise<string> }) {
  const data = useSuspenseQuery({ queryKey: [name], queryFn: fn }).data;
  return <p>{`${name}: ${data}`}</p>;
}

function Plain({ name, fn }: { name: string; fn: () => Promise<string> }) {
  const query = useQuery({ queryKey: [name], queryFn: fn });
  if (query.isPending) return <p>загрузка</p>;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <p>{`${name}: ${query.data}`}</p>;
}

function panel(name: string, fn: () => Promise<string>) {
  return (
    <QueryBoundary fallback={<p>скелет {name}</p>}>
      <Suspended name={name} fn={fn} />
    </QueryBoundary>
  );
}

function renderPage(ui: ReactNode, { page = true } = {}) {
  render(
    <NextIntlClientProvider locale="ru" messages={{ common }} timeZone="Europe/Moscow">
      <QueryClientProvider client={makeQueryClient()}>{page ? <OutageProvider>{ui}</OutageProvider> : ui}</QueryClientProvider>
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

describe("a panel with useSuspenseQuery under an error boundary", () => {
  it("recovers without a click once the service is back, with one banner counting down meanwhile", async () => {
    const fn = flaky(4);
    renderPage(panel("план", fn));
    await advance(1000); // the first call, then React Query's one quick retry
    await advance(10);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(banner()).not.toBeNull();
    expect(countdown()).toBe("Следующая попытка через 2 с");
    expect(alerts().map((a) => a.textContent)).toEqual(["Сервис временно недоступен"]);
    expect(document.querySelector("[data-outage-placeholder]")).not.toBeNull();
    await advance(1000);
    expect(countdown()).toBe("Следующая попытка через 1 с");

    await advance(20_000);
    expect(screen.getByText("план: данные")).toBeTruthy();
    expect(banner()).toBeNull();
    expect(fn).toHaveBeenCalledTimes(5);
  });

  it("recovers on its own also where no page-level outage is around", async () => {
    const fn = flaky(2);
    renderPage(panel("план", fn), { page: false });
    await advance(1010);
    expect(countdown()).toBe("Следующая попытка через 2 с");
    await advance(5000);
    expect(screen.getByText("план: данные")).toBeTruthy();
    expect(banner()).toBeNull();
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

describe("one outage per page", () => {
  it("several failing panels show one banner and quiet placeholders, and all heal on its clock", async () => {
    const a = flaky(2);
    const b = flaky(2);
    const c = flaky(2);
    renderPage(
      <>
        {panel("a", a)}
        {panel("b", b)}
        <Plain name="c" fn={c} />
      </>,
    );
    await advance(1010);
    expect(document.querySelectorAll("[data-outage]")).toHaveLength(1);
    expect(alerts()).toHaveLength(1);
    expect(document.querySelectorAll("[data-outage-placeholder]")).toHaveLength(3);
    // Not three identical boxes: one says the whole sentence, the others stay short.
    const texts = [...document.querySelectorAll("[data-outage-placeholder]")].map((p) => p.textContent);
    expect(texts.filter((x) => x === common.outage.panel)).toHaveLength(1);
    expect(new Set(texts).size).toBe(2);
    await advance(5000);
    expect(screen.getByText("a: данные")).toBeTruthy();
    expect(screen.getByText("b: данные")).toBeTruthy();
    expect(screen.getByText("c: данные")).toBeTruthy();
    expect(banner()).toBeNull();
    // One request per panel per attempt: the first, the quick retry, the banner's attempt.
    for (const fn of [a, b, c]) expect(fn).toHaveBeenCalledTimes(3);
  });

  it("a query whose panel shows its failure its own way is retried too", async () => {
    const fn = flaky(3);
    function Custom() {
      const q = useQuery({ queryKey: ["own"], queryFn: fn });
      return <p>{q.data ?? (q.isError ? "своя ошибка" : "…")}</p>;
    }
    renderPage(<Custom />);
    await advance(1010);
    expect(screen.getByText("своя ошибка")).toBeTruthy();
    expect(banner()).not.toBeNull();
    await advance(10_000);
    expect(screen.getByText("данные")).toBeTruthy();
    expect(banner()).toBeNull();
  });
});

describe("a browser that cannot reach the dashboard", () => {
  it("says so in words, never 'Failed to fetch', and 'try now' tries at once", async () => {
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
    await advance(1010);
    expect(alerts().map((a) => a.textContent)).toEqual([common.errors.network]);
    expect(document.body.textContent).not.toContain("Failed to fetch");

    // The schemas' chunk loads for real (outside the fake clock): have it loaded before the clock matters.
    await import("@/lib/queries/response-schemas");
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
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole("button", { name: common.outage.tryNow }));
    await advance(100);
    expect(fetchMock.mock.calls.length).toBe(calls + 1);
    await advance(500);
    expect(screen.getByText("Про")).toBeTruthy();
    expect(banner()).toBeNull();
  });
});

describe("OutageBanner", () => {
  it("leaves the countdown to itself: a server message's own 'next attempt in N s' is not repeated", () => {
    const error = new ApiClientError(503, "budget_exhausted", "Лимит запросов к сервису исчерпан. Следующая попытка через 10 с");
    render(
      <NextIntlClientProvider locale="ru" messages={{ common }}>
        <OutageBanner snapshot={{ phase: "waiting", secondsLeft: 7, nextAt: 0, error }} onTryNow={() => undefined} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Лимит запросов к сервису исчерпан.");
    expect(document.querySelector("[data-outage-countdown]")?.textContent).toBe("Следующая попытка через 7 с");
  });
});
