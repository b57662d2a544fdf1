// @vitest-environment jsdom
// The trend is read again once the posts table's own reads (each stored in the
// series) have all settled with some values, and not when every answer was
// already cached at mount, nor when every read failed.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { campaignTrendsQuery } from "@/lib/queries/engagement";
import type { EngagementAnswer } from "./use-gated-engagement";
import { useRefreshTrendsWhenRead } from "./use-refresh-trends";

const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };
const pending: EngagementAnswer = { data: undefined, failed: false, settled: false };
const read: EngagementAnswer = { data: { data: { task_id: 1, metrics: [] }, meta }, failed: false, settled: true };
const failed: EngagementAnswer = { data: undefined, failed: true, settled: true };
const trend = {
  data: { campaign_id: 7, from: "2026-10-25", to: "2026-11-24", series: [], postsInPeriod: 2, missing: [1, 2], historyPending: 0, historyMinutesLeft: 0, listedAt: null },
  meta,
};

function setup() {
  const client = new QueryClient();
  const key = campaignTrendsQuery(7, "2026-10-25", "2026-11-24").queryKey;
  const other = campaignTrendsQuery(8, "2026-10-25", "2026-11-24").queryKey;
  client.setQueryData(key, trend);
  client.setQueryData(other, trend);
  function Harness({ answers }: { answers: EngagementAnswer[] }) {
    useRefreshTrendsWhenRead(7, answers);
    return null;
  }
  const view = render(<QueryClientProvider client={client}><Harness answers={[pending, pending]} /></QueryClientProvider>);
  const rerender = (answers: EngagementAnswer[]) => view.rerender(<QueryClientProvider client={client}><Harness answers={answers} /></QueryClientProvider>);
  const stale = () => [client.getQueryState(key)?.isInvalidated, client.getQueryState(other)?.isInvalidated];
  return { client, Harness, rerender, stale };
}

afterEach(cleanup);

describe("useRefreshTrendsWhenRead", () => {
  it("reads this campaign's trend again once the reads made while open have settled", () => {
    const { rerender, stale } = setup();
    rerender([read, pending]);
    expect(stale()).toEqual([false, false]);
    rerender([read, failed]);
    expect(stale()).toEqual([true, false]);
  });

  it("does nothing when every read failed", () => {
    const { rerender, stale } = setup();
    rerender([failed, failed]);
    expect(stale()).toEqual([false, false]);
  });

  it("does nothing when every answer was already cached at mount", () => {
    const client = new QueryClient();
    const key = campaignTrendsQuery(7, "a", "b").queryKey;
    client.setQueryData(key, trend);
    function Harness() {
      useRefreshTrendsWhenRead(7, [read, read]);
      return null;
    }
    render(<QueryClientProvider client={client}><Harness /></QueryClientProvider>);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
  });
});
