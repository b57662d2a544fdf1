// Runs as the server does (no window): what a page render does when its prefetch fails.
import { HydrationBoundary, QueryClientProvider, useSuspenseQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ReadOnServer } from "./prefetch";
import { postDecisionsKey, postDecisionsQuery } from "@/lib/queries/decisions";
import { apiGet, apiGetRaw, apiPost, ServerFetchRefused } from "@/lib/queries/fetch-json";
import { postQuery } from "@/lib/queries/posts";
import { makeQueryClient } from "@/lib/queries/query-client";
import { prefetchEntries, prefetchEntry } from "@/lib/server/queries/server-query-client";

const fetchSpy = vi.fn(async () => new Response("{}"));

beforeEach(() => {
  fetchSpy.mockClear();
  vi.stubGlobal("fetch", fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

/** A panel as the post page has them: its data through useSuspenseQuery, under the page's Suspense. */
function History() {
  const items = useSuspenseQuery(postDecisionsQuery(1)).data.items;
  return <p>history: {items.length}</p>;
}

/** The post page's first-load read of a panel's data, then the panel server-rendered as the page does, under the provider the app's layout gives every page. */
async function serverRender(queryFn: () => Promise<{ items: unknown[] }>) {
  const request = makeQueryClient();
  const state = await prefetchEntries([{ queryKey: postDecisionsKey(1), queryFn }], request);
  return renderToString(
    <QueryClientProvider client={makeQueryClient()}>
      <Suspense fallback={<p>suspended</p>}>
        <HydrationBoundary state={state}>
          <ReadOnServer client={request} queryKey={postDecisionsKey(1)} fallback={<p>skeleton</p>}>
            {(ready) => (ready ? <History /> : <p>not ready: {<History />}</p>)}
          </ReadOnServer>
        </HydrationBoundary>
      </Suspense>
    </QueryClientProvider>,
  );
}

describe("server prefetch", () => {
  it("hydrates the panel when the prefetch succeeds", async () => {
    const html = await serverRender(async () => ({ items: [1, 2] }));
    expect(html).toContain("history: <!-- -->2");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("when it fails: one call, no server fetch of a relative URL, the panel left to the browser", async () => {
    const queryFn = vi.fn(async (): Promise<{ items: unknown[] }> => {
      throw new Error("budget spent");
    });
    const started = Date.now();
    const html = await serverRender(queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);
    // No 1 s + 2 s retry backoff: 3 s at least if it retried; the margin is for a busy machine (Vitest beside the build).
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(html).toContain("skeleton");
    expect(html).not.toContain("history");
  });

  it("never retries on the server", async () => {
    const queryFn = vi.fn(async () => {
      throw new Error("upstream down");
    });
    await expect(makeQueryClient().fetchQuery({ queryKey: ["x"], queryFn })).rejects.toThrow("upstream down");
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("the browser's fetch helpers refuse to run on the server, before any fetch", async () => {
    await expect(apiGet("/api/posts/1")).rejects.toBeInstanceOf(ServerFetchRefused);
    await expect(apiGetRaw("/api/posts/1/decisions")).rejects.toBeInstanceOf(ServerFetchRefused);
    await expect(apiPost("/api/posts/1/approve", {})).rejects.toBeInstanceOf(ServerFetchRefused);
    // A client query that reaches the server render anyway fails at once, without a fetch.
    await expect(makeQueryClient().fetchQuery(postQuery(1))).rejects.toBeInstanceOf(ServerFetchRefused);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a request's helpers share one client: a read made once is not made again, and each hydrates only its own good reads", async () => {
    const client = makeQueryClient();
    const account = vi.fn(async () => ({ data: "account" }));
    const broken = vi.fn(async (): Promise<unknown> => {
      throw new Error("upstream down");
    });
    // The layout's helper, then the page's, in one request.
    const layout = await prefetchEntries([{ queryKey: ["account"], queryFn: account }], client);
    const page = await prefetchEntries(
      [
        { queryKey: ["account"], queryFn: account },
        { queryKey: ["campaigns"], queryFn: broken },
      ],
      client,
    );
    expect(account).toHaveBeenCalledTimes(1);
    expect(broken).toHaveBeenCalledTimes(1); // no retries on the server
    expect(layout.queries.map((q) => q.queryHash)).toEqual(['["account"]']);
    // The failed read is left to the browser; the other helper's data is not sent twice by mistake of scope.
    expect(page.queries.map((q) => q.queryHash)).toEqual(['["account"]']);
  });

  it("a helper never hands the browser another helper's read still in flight", async () => {
    const client = makeQueryClient();
    let release: (v: unknown) => void = () => {};
    const slow = client.prefetchQuery({ queryKey: ["slow"], queryFn: () => new Promise((r) => (release = r)) });
    const state = await prefetchEntries([{ queryKey: ["fast"], queryFn: async () => 1 }], client);
    expect(state.queries.map((q) => q.queryHash)).toEqual(['["fast"]']);
    release(2);
    await slow;
  });
  it("reads an entry's follow-ups with its answer and hydrates them beside it; a failed entry has none", async () => {
    const client = makeQueryClient();
    const detail = vi.fn(async (id: number) => ({ id, waiting: id * 2 }));
    const state = await prefetchEntries(
      [
        prefetchEntry(
          ["campaigns"],
          async () => ({ ids: [1, 2] }),
          (list) => list.ids.map((id) => ({ queryKey: ["campaigns", id], queryFn: () => detail(id) })),
        ),
        prefetchEntry(
          ["broken"],
          async (): Promise<{ ids: number[] }> => {
            throw new Error("upstream down");
          },
          () => [{ queryKey: ["never"], queryFn: async () => 0 }],
        ),
      ],
      client,
    );
    expect(detail.mock.calls.map(([id]) => id)).toEqual([1, 2]);
    expect(state.queries.map((q) => q.queryHash).sort()).toEqual(['["campaigns",1]', '["campaigns",2]', '["campaigns"]']);
    expect(state.queries.find((q) => q.queryHash === '["campaigns",2]')?.state.data).toEqual({ id: 2, waiting: 4 });
    expect(client.getQueryState(["never"])).toBeUndefined();
  });

  it("an answer its follow-ups cannot read leaves them to the browser and keeps the entry", async () => {
    const client = makeQueryClient();
    const state = await prefetchEntries(
      [
        prefetchEntry(
          ["campaigns"],
          async () => ({ unexpected: true }) as unknown as { ids: number[] },
          (list) => list.ids.map((id) => ({ queryKey: ["campaigns", id], queryFn: async () => id })),
        ),
      ],
      client,
    );
    expect(state.queries.map((q) => q.queryHash)).toEqual(['["campaigns"]']);
  });
});
