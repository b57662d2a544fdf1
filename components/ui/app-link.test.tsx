// @vitest-environment jsdom
// A link's intent (hover, focus, touch) also reads the data the target page draws first.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
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
