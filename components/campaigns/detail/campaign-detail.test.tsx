// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "@/messages/en/analytics.json";
import common from "@/messages/en/common.json";
import { campaignQuery } from "@/lib/queries/campaigns";
import type { CampaignDetail as Campaign } from "@/lib/schemas";
import { CampaignDetail } from "./campaign-detail";

// An upstream with values we have never seen in every open field: the page must render them raw.
const odd: Campaign = {
  id: 7,
  name: "Странная кампания",
  project_id: 1,
  project_name: "Проект",
  status: "ARCHIVED",
  campaign_type: "HYPER_LOCAL",
  approval_mode: "COMMITTEE",
  post_length_format: "TWEET",
  generate_images: false,
  start_date: "2026-11-01",
  end_date: null,
  created_at: "2026-10-01T10:00:00+03:00",
  channels: [{ id: 1, name: "Канал", platform: "DISCORD", is_active: true }],
  schedules: [
    { id: 1, schedule_type: "MONTHLY", time: "12:15" },
    { id: 2, schedule_type: "WEEKLY", time: "10:00", day_of_week: 4, day_of_week_display: "Friday" },
  ],
  stats: { total: 3, published: 0, waiting_approval: 1, scheduled: 2, failed: 0 },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CampaignDetail", () => {
  it("renders unknown values raw and a friendly state when there are no published posts", async () => {
    // The latest-post call answers as the upstream does for a campaign without posts.
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        expect(url).toBe("/api/campaigns/7/posts/latest");
        return new Response(JSON.stringify({ error: { code: "no_posts", message: "Нет постов" } }), { status: 404 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(campaignQuery(7).queryKey, { data: odd, meta: { stale: false, fetchedAt: "2026-11-21T05:00:00Z" } });
    render(
      <NextIntlClientProvider locale="en" messages={{ analytics: en, common }} timeZone="Europe/Moscow">
        <QueryClientProvider client={client}>
          <CampaignDetail id={7} />
        </QueryClientProvider>
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Странная кампания" })).toBeTruthy();
    for (const raw of ["ARCHIVED", "HYPER_LOCAL", "COMMITTEE", "TWEET", "DISCORD"]) expect(screen.getByText(raw)).toBeTruthy();
    expect(screen.getByText("MONTHLY, 12:15")).toBeTruthy();
    expect(screen.getByText("weekly, Friday, 10:00")).toBeTruthy();
    expect(await screen.findByText("No published posts yet.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
