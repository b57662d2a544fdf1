// @vitest-environment jsdom
// Posts' engagement is fetched two at a time in list order (the hourly budget is
// shared), cached answers show at once, a failure can be retried, and the page
// renders once per arriving answer rather than once per fetch step.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { postEngagementQuery } from "@/lib/queries/engagement";
import { useGatedPostEngagement, type EngagementAnswer } from "./use-gated-engagement";

const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };
const body = (id: number) => ({ data: { task_id: id, metrics: [] }, meta });

type Pending = { id: number; resolve: (ok: boolean) => void };

/** fetch, answered by the test: each request waits until resolve(ok). */
function controlledFetch() {
  const pending: Pending[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (url: string) =>
        new Promise<Response>((done) => {
          const id = Number(/\/api\/posts\/(\d+)\/engagement/.exec(String(url))?.[1]);
          pending.push({
            id,
            resolve: (ok) =>
              done(
                ok
                  ? new Response(JSON.stringify(body(id)), { status: 200, headers: { "Content-Type": "application/json" } })
                  : new Response(JSON.stringify({ error: { code: "upstream_error", message: "Сбой" } }), { status: 502, headers: { "Content-Type": "application/json" } }),
              ),
          });
        }),
    ),
  );
  return pending;
}

function mount(client: QueryClient, ids: number[]) {
  const seen: { answers: EngagementAnswer[]; retry: (ids: readonly number[]) => void }[] = [];
  function Harness() {
    const { answers, retry, fetchers } = useGatedPostEngagement(ids);
    seen.push({ answers, retry });
    return <>{fetchers}</>;
  }
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return seen;
}

/** Lets every pending render and request start (nothing more should happen). */
const settle = () => act(async () => await new Promise((r) => setTimeout(r, 50)));
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("useGatedPostEngagement", () => {
  it("fetches two at a time in list order, each answer freeing a slot", async () => {
    const pending = controlledFetch();
    const seen = mount(newClient(), [11, 12, 13, 14]);
    await waitFor(() => expect(pending.map((p) => p.id)).toEqual([11, 12]));
    await settle();
    expect(pending).toHaveLength(2);

    const rendersBefore = seen.length;
    await act(async () => pending[1]!.resolve(true));
    // 12 answered: 13 starts, 11 still waits.
    await waitFor(() => expect(pending.map((p) => p.id)).toEqual([11, 12, 13]));
    await settle();
    const last = seen.at(-1)!.answers;
    expect(last.map((a) => a.settled)).toEqual([false, true, false, false]);
    expect(last[1]?.data?.data.task_id).toBe(12);
    // One answer, a render or two: not one per fetch step of every post.
    expect(seen.length - rendersBefore).toBeLessThanOrEqual(2);
  });

  it("shows cached answers at once without fetching them, and retries failures on request", async () => {
    const pending = controlledFetch();
    const client = newClient();
    client.setQueryData(postEngagementQuery(21).queryKey, body(21));
    const seen = mount(client, [21, 22, 23]);
    expect(seen[0]!.answers[0]?.data?.data.task_id).toBe(21);
    await waitFor(() => expect(pending.map((p) => p.id)).toEqual([22, 23]));

    await act(async () => pending[0]!.resolve(false));
    await waitFor(() => expect(seen.at(-1)!.answers[1]).toMatchObject({ failed: true, settled: true }));

    await act(async () => seen.at(-1)!.retry([22]));
    await waitFor(() => expect(pending.map((p) => p.id)).toEqual([22, 23, 22]));
    await act(async () => pending[2]!.resolve(true));
    await waitFor(() => expect(seen.at(-1)!.answers[1]).toMatchObject({ failed: false, settled: true }));
  });
});
