// @vitest-environment jsdom
// The post the cursor goes to next is read ahead.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
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

it("reads the next post as soon as there is one, and the one after when the cursor moves", async () => {
  const qc = client();
  const { rerender } = render(
    <QueryClientProvider client={qc}>
      <PreloadPost id={7} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(urls).toEqual(["/api/posts/7"]));

  rerender(
    <QueryClientProvider client={qc}>
      <PreloadPost id={8} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(urls).toEqual(["/api/posts/7", "/api/posts/8"]));
});

it("reads nothing without a post to go to", async () => {
  render(
    <QueryClientProvider client={client()}>
      <PreloadPost id={undefined} />
    </QueryClientProvider>,
  );
  await new Promise((r) => setTimeout(r, 400));
  expect(urls).toEqual([]);
});

it("reads the first row only once the person is at the page: their first key, pointer or touch", async () => {
  render(
    <QueryClientProvider client={client()}>
      <PreloadPost id={7} afterInput />
    </QueryClientProvider>,
  );
  await new Promise((r) => setTimeout(r, 400));
  expect(urls).toEqual([]);
  fireEvent.keyDown(document.body, { key: "j" });
  await waitFor(() => expect(urls).toEqual(["/api/posts/7"]));
});
