// @vitest-environment jsdom
// The post the cursor goes to next is read ahead; the first row's waits for the page's first quiet moment.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { PreloadPost } from "./preload-post";

let urls: string[] = [];
beforeEach(() => {
  urls = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify({ error: { code: "not_found", message: "gone" } }), { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

it("reads the first row's post only after the page's first quiet moment, and a later one at once", async () => {
  const qc = client();
  const { rerender } = render(
    <QueryClientProvider client={qc}>
      <PreloadPost id={7} whenQuiet />
    </QueryClientProvider>,
  );
  await new Promise((r) => setTimeout(r, 20));
  expect(urls).toEqual([]); // not while the page starts
  await waitFor(() => expect(urls).toEqual(["/api/posts/7"]), { timeout: 3_000 });

  rerender(
    <QueryClientProvider client={qc}>
      <PreloadPost id={8} whenQuiet={false} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(urls).toEqual(["/api/posts/7", "/api/posts/8"]));
});

it("reads nothing without a post to go to", async () => {
  render(
    <QueryClientProvider client={client()}>
      <PreloadPost id={undefined} whenQuiet={false} />
    </QueryClientProvider>,
  );
  await new Promise((r) => setTimeout(r, 400));
  expect(urls).toEqual([]);
});
