// @vitest-environment jsdom
// The overview's attention panel: one answer across the active campaigns, its failed counts describing
// the rows listed under them, and the campaigns still loading said as such, never as "nothing to do".
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "@/messages/en/analytics.json";
import common from "@/messages/en/common.json";
import review from "@/messages/en/review.json";
import { ALL_CAMPAIGN_STATUSES, campaignsQuery } from "@/lib/queries/campaigns";
import { attentionQuery } from "@/lib/queries/overview";
import type { CampaignListItem, OverviewAttention } from "@/lib/schemas";
import { AttentionPanel } from "./attention-panel";

const campaign: CampaignListItem = {
  id: 101,
  name: "Утренний кофе",
  project_id: 1,
  project_name: "Кофейня",
  status: "ACTIVE",
  campaign_type: "REGULAR",
  approval_mode: "MANUAL",
  post_length_format: "MEDIUM",
  generate_images: true,
  start_date: "2026-11-01",
  end_date: null,
  created_at: "2026-10-01T10:00:00+03:00",
};
const post = (id: number, status: string) => ({ task_id: id, status, published_at: "2026-11-20T10:00:00+03:00" });
const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };
const answer = (a: Partial<OverviewAttention>): OverviewAttention => ({ waiting: [], failed: [], active: 1, loading: 0, ...a });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** `attention` null: not cached, and fetching it fails. */
function renderWith(attention: OverviewAttention | null) {
  const fetch = vi.fn(async () => Response.json({ error: { code: "internal_error", message: "Внутренняя ошибка" } }, { status: 500 }));
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(campaignsQuery({ statuses: ALL_CAMPAIGN_STATUSES }).queryKey, { data: { campaigns: [campaign] }, meta });
  if (attention) client.setQueryData(attentionQuery().queryKey, { data: attention, meta });
  render(
    <NextIntlClientProvider locale="en" messages={{ analytics: en, common, review }} timeZone="Europe/Moscow">
      <QueryClientProvider client={client}>
        <AttentionPanel />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  return fetch;
}

describe("AttentionPanel", () => {
  it("lists waiting counts and failed posts from the one answer, asking for nothing per campaign", () => {
    const fetch = renderWith(
      answer({
        waiting: [{ id: 101, name: campaign.name, count: 4 }],
        failed: [{ id: 101, name: campaign.name, total: 3, posts: [post(1003, "FAILED"), post(1002, "PARTIALLY_PUBLISHED"), post(1001, "PARTIALLY_PUBLISHED")] }],
      }),
    );
    const waiting = within(screen.getByTestId("waiting-list"));
    expect(waiting.getByRole("link", { name: `Open the queue of “${campaign.name}”` }).getAttribute("href")).toBe("/campaigns/101/queue");
    expect(waiting.getByText("4 posts")).toBeTruthy();
    // Not "Failed: 3" over one Failed row and two partly published ones: the count names what it counts.
    const failed = within(screen.getByTestId("failed-list"));
    expect(failed.getByText("3 posts with failures")).toBeTruthy();
    expect(failed.getAllByRole("link", { name: /^Post/ })).toHaveLength(3);
    expect(failed.getAllByText(review.status.PARTIALLY_PUBLISHED)).toHaveLength(2);
    expect(failed.queryByText(/Showing/)).toBeNull();
    expect(screen.queryByTestId("attention-loading")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says how many of the counted posts it shows when there are more than a page", () => {
    renderWith(answer({ failed: [{ id: 101, name: campaign.name, total: 12, posts: [1, 2, 3, 4, 5].map((i) => post(1000 + i, "FAILED")) }] }));
    const failed = within(screen.getByTestId("failed-list"));
    expect(failed.getByText("12 posts with failures")).toBeTruthy();
    expect(failed.getByText("Showing the latest 5 of 12")).toBeTruthy();
  });

  it("says how many campaigns are still loading instead of claiming nothing waits or failed", () => {
    renderWith(answer({ active: 40, loading: 12 }));
    expect(screen.getByTestId("attention-loading").textContent).toContain("12 campaigns still loading");
    expect(screen.getByRole("status").textContent).toContain("12 campaigns still loading");
    expect(screen.queryByText(en.overview.noWaiting)).toBeNull();
    expect(screen.queryByText(en.overview.noFailed)).toBeNull();
  });

  it("with everything loaded and nothing to do, says so", () => {
    renderWith(answer({ active: 3 }));
    expect(screen.getByText(en.overview.noWaiting)).toBeTruthy();
    expect(screen.getByText(en.overview.noFailed)).toBeTruthy();
  });

  it("shows the server's message with a retry when the answer cannot be had, the list's ending-soon part still shown", async () => {
    renderWith(null);
    await waitFor(() => expect(screen.getByText("Внутренняя ошибка")).toBeTruthy());
    expect(screen.getByText(en.overview.endingSoon)).toBeTruthy();
    expect(screen.queryByText(en.overview.noWaiting)).toBeNull();
  });
});
