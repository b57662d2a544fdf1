// @vitest-environment jsdom
// The decision buttons' signal: is the post readable right now?
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, expect, it } from "vitest";
import { ApiClientError } from "./fetch-json";
import { usePostReadable } from "./post-readable";
import { postKey } from "./posts";

afterEach(cleanup);

it("is true while the post query holds a good answer, false while it loads or after a failure", async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => usePostReadable(7), { wrapper });
  expect(result.current).toBe(false); // nothing yet (and the hook fetches nothing by itself)

  act(() => client.setQueryData(postKey(7), { data: { task_id: 7 }, meta: { stale: true, fetchedAt: "2026-11-21T05:00:00Z" } }));
  await waitFor(() => expect(result.current).toBe(true)); // stale data is on screen: readable

  const query = client.getQueryCache().find({ queryKey: postKey(7) });
  // A refetch failing, retried by React Query: the old post stays in the cache, but it is not readable now.
  const unavailable = new ApiClientError(503, "upstream_unavailable", "Сервис недоступен");
  act(() => query?.setState({ fetchStatus: "fetching", fetchFailureCount: 1, fetchFailureReason: unavailable }));
  await waitFor(() => expect(result.current).toBe(false));
  act(() => query?.setState({ fetchStatus: "idle", fetchFailureCount: 0, fetchFailureReason: null }));
  await waitFor(() => expect(result.current).toBe(true));

  act(() => query?.setState({ status: "error", error: unavailable }));
  await waitFor(() => expect(result.current).toBe(false));

  act(() => client.setQueryData(postKey(7), { data: { task_id: 7 }, meta: { stale: false, fetchedAt: "2026-11-21T05:01:00Z" } }));
  await waitFor(() => expect(result.current).toBe(true));
  expect(client.isFetching()).toBe(0);
});
