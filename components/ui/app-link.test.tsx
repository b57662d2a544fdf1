// @vitest-environment jsdom
// A link's intent (hover, focus, touch) also reads the data the target page draws first.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { postKey } from "@/lib/queries/posts";
import { AppLink } from "./app-link";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(href: string, cached?: unknown) {
  const fetchMock = vi.fn(async () => Response.json({ error: { code: "not_found", message: "Нет такого поста" } }, { status: 404 }));
  vi.stubGlobal("fetch", fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  if (cached !== undefined) client.setQueryData(postKey(7), cached);
  render(
    <QueryClientProvider client={client}>
      <AppLink href={href}>go</AppLink>
    </QueryClientProvider>,
  );
  const urls = () => fetchMock.mock.calls.map((c) => String((c as unknown[])[0]));
  return { link: screen.getByRole("link", { name: "go" }), urls };
}

describe("AppLink's intent", () => {
  it("reads a post page's post on hover, focus and touch", () => {
    for (const show of [fireEvent.mouseEnter, fireEvent.focus, fireEvent.touchStart]) {
      const { link, urls } = setup("/posts/7");
      show(link);
      expect(urls()).toEqual(["/api/posts/7"]);
      cleanup();
    }
  });

  it("does not read a post the cache holds fresh", () => {
    const { link, urls } = setup("/posts/7", { data: { task_id: 7 } });
    fireEvent.mouseEnter(link);
    expect(urls()).toEqual([]);
  });

  it("reads nothing for pages without first data, or with a query string it ignores", () => {
    const { link, urls } = setup("/campaigns/101/queue");
    fireEvent.mouseEnter(link);
    expect(urls()).toEqual([]);
    cleanup();
    const again = setup("/posts/7?from=queue");
    fireEvent.mouseEnter(again.link);
    expect(again.urls()).toEqual(["/api/posts/7"]);
  });

  it("works without a query provider (reads nothing, throws nothing)", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<AppLink href="/posts/7">alone</AppLink>);
    fireEvent.mouseEnter(screen.getByRole("link", { name: "alone" }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("AppLink's click", () => {
  function withRouter() {
    const router = { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() };
    render(
      <AppRouterContext.Provider value={router as unknown as AppRouterInstance}>
        <AppLink href="/campaigns/101/queue">queue</AppLink>
      </AppRouterContext.Provider>,
    );
    return { router, link: screen.getByRole("link", { name: "queue" }) };
  }

  it("is a plain link to its path, which the app opens on a plain click", () => {
    const { router, link } = withRouter();
    expect(link.getAttribute("href")).toBe("/campaigns/101/queue");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(router.push).toHaveBeenCalledWith("/campaigns/101/queue", { scroll: true });
  });

  it("leaves a click with a modifier key or another button to the browser (new tab, new window)", () => {
    const { router, link } = withRouter();
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
      link.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(router.push).not.toHaveBeenCalled();
  });

  it("prefetches the whole page on intent", () => {
    const { router, link } = withRouter();
    fireEvent.mouseEnter(link);
    expect(router.prefetch).toHaveBeenCalledWith("/campaigns/101/queue", { kind: "full" });
  });
});

describe("AppLink eager", () => {
  it("prefetches the whole page once the page is quiet and the link is in view, once", async () => {
    vi.useFakeTimers();
    let seen: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
          seen = cb;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const router = { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() };
    render(
      <AppRouterContext.Provider value={router as unknown as AppRouterInstance}>
        <AppLink href="/campaigns" eager>
          campaigns
        </AppLink>
      </AppRouterContext.Provider>,
    );
    // A plain anchor, not next/link's, and nothing asked for while the page starts.
    expect(screen.getByRole("link", { name: "campaigns" }).getAttribute("href")).toBe("/campaigns");
    expect(seen).toBeUndefined();
    await act(async () => vi.advanceTimersByTimeAsync(1_500));
    expect(router.prefetch).not.toHaveBeenCalled();
    act(() => seen?.([{ isIntersecting: true }]));
    expect(router.prefetch).toHaveBeenCalledWith("/campaigns", { kind: "full" });
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
    vi.useRealTimers();
  });
});
