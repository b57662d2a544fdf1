// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "@/messages/en/analytics.json";
import common from "@/messages/en/common.json";
import ruAnalytics from "@/messages/ru/analytics.json";
import ruCommon from "@/messages/ru/common.json";
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

/** The page as a reader sees it: the campaign already read, no published post yet. */
function renderPage(campaign: Campaign, locale: "en" | "ru", timeZone: string) {
  // The latest-post call answers as the upstream does for a campaign without posts.
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: { code: "no_posts", message: "Нет постов" } }), { status: 404 })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(campaignQuery(campaign.id).queryKey, { data: campaign, meta: { stale: false, fetchedAt: "2026-11-21T05:00:00Z" } });
  const messages = locale === "en" ? { analytics: en, common } : { analytics: ruAnalytics, common: ruCommon };
  return render(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone}>
      <QueryClientProvider client={client}>
        <CampaignDetail id={campaign.id} />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

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
    // Schedule times read as the page's other English times (12-hour); getByText folds ICU's space before PM.
    expect(screen.getByText("MONTHLY, 12:15 PM")).toBeTruthy();
    expect(screen.getByText("weekly, Friday, 10:00 AM")).toBeTruthy();
    expect(await screen.findByText("No published posts yet.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says schedule times as the page's other times, in the reader's zone: 12-hour in English, 24-hour in Russian", () => {
    // 08:30 and 21:00 on the service's Moscow clock are 12:30 and 01:00 (the next day) in Novosibirsk.
    const timed: Campaign = {
      ...odd,
      schedules: [
        { id: 1, schedule_type: "DAILY", time: "08:30" },
        { id: 2, schedule_type: "EVERY_N_DAYS", time: "21:00", interval_days: 2, anchor_date: "2026-11-01" },
      ],
    };
    const list = (locale: "en" | "ru") => {
      renderPage(timed, locale, "Asia/Novosibirsk");
      const items = [...screen.getByTestId("schedules").querySelectorAll("li")].map((li) => (li.textContent ?? "").replace(/\s+/g, " "));
      cleanup();
      return items;
    };
    // A day's schedule moves with the reader's clock; one every other day keeps Moscow's time, said so.
    expect(list("en")).toEqual(["every day at 12:30 PM", "every 2 days from 2026-11-01 at 9:00 PM Moscow time"]);
    expect(list("ru")).toEqual(["каждый день в 12:30", "каждые 2 дня с 2026-11-01 в 21:00 по Москве"]);
  });
});
