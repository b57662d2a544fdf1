// @vitest-environment jsdom
// The overview's failed posts: the count must describe the rows listed under it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "@/messages/en/analytics.json";
import common from "@/messages/en/common.json";
import review from "@/messages/en/review.json";
import { ALL_CAMPAIGN_STATUSES, campaignPostBriefsQuery, campaignQuery, campaignsQuery } from "@/lib/queries/campaigns";
import type { CampaignDetail, CampaignListItem, Post } from "@/lib/schemas";
import { AttentionPanel } from "./attention-panel";
import { FAILED_FILTER } from "./failed";

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
// The upstream's stats count only FAILED; the list also holds the partly published posts.
const detail = { ...campaign, channels: [], schedules: [], stats: { total: 40, published: 30, waiting_approval: 0, scheduled: 3, failed: 1 } } as CampaignDetail;
const post = (id: number, status: string) => ({ task_id: id, campaign_id: 101, status, post_type: "TEXT", text: "…" }) as unknown as Post;
const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(posts: Post[] | null, total: number) {
  vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: { code: "internal_error", message: "Внутренняя ошибка" } }, { status: 500 })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(campaignsQuery({ statuses: ALL_CAMPAIGN_STATUSES }).queryKey, { data: { campaigns: [campaign] }, meta });
  client.setQueryData(campaignQuery(101).queryKey, { data: detail, meta });
  // null: the list is not cached, and fetching it fails.
  if (posts !== null) {
    client.setQueryData(campaignPostBriefsQuery(101, FAILED_FILTER).queryKey, {
      data: { campaign_id: 101, campaign_name: campaign.name, total, limit: 5, offset: 0, posts },
      meta,
    });
  }
  render(
    <NextIntlClientProvider locale="en" messages={{ analytics: en, common, review }} timeZone="Europe/Moscow">
      <QueryClientProvider client={client}>
        <AttentionPanel />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  return posts === null ? null : within(screen.getByTestId("failed-list"));
}

describe("AttentionPanel failed posts", () => {
  it("counts the posts it lists, partly published ones included", () => {
    const list = renderWith([post(1003, "FAILED"), post(1002, "PARTIALLY_PUBLISHED"), post(1001, "PARTIALLY_PUBLISHED")], 3)!;
    // Not "Failed: 3" over one Failed row and two partly published ones: the count names what it counts.
    expect(list.getByText("3 posts with failures")).toBeTruthy();
    expect(screen.getByText(en.overview.failedScope)).toBeTruthy();
    expect(list.getAllByRole("link", { name: /^Post/ })).toHaveLength(3);
    expect(list.getAllByText(review.status.PARTIALLY_PUBLISHED)).toHaveLength(2);
    expect(list.queryByText(/Showing/)).toBeNull();
  });

  it("says how many of the counted posts it shows when there are more than a page", () => {
    const posts = [1, 2, 3, 4, 5].map((i) => post(1000 + i, "FAILED"));
    const list = renderWith(posts, 12)!;
    expect(list.getByText("12 posts with failures")).toBeTruthy();
    expect(list.getAllByRole("link", { name: /^Post/ })).toHaveLength(5);
    expect(list.getByText("Showing the latest 5 of 12")).toBeTruthy();
  });

  it("says a campaign could not be checked instead of claiming there are no failures", async () => {
    renderWith(null, 0);
    await waitFor(() => expect(screen.getByTestId("failed-unchecked").textContent).toContain("1 campaign could not be checked"));
    expect(screen.queryByText(en.overview.noFailed)).toBeNull();
  });
});
