// @vitest-environment jsdom
// A post too long for one of its campaign's platforms is flagged in words (not colour alone) before anyone approves
// it; rows learn the platforms without a campaign read per row, and without watching the campaign's detail.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, renderHook, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Suspense, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import enReview from "@/messages/en/review.json";
import review from "@/messages/ru/review.json";
import { campaignQuery } from "@/lib/queries/campaigns";
import { postKey } from "@/lib/queries/posts";
import type { CampaignDetail, Channel, Media } from "@/lib/schemas";
import { postDetailFixture } from "@/test/post-fixture";
import { OverLimitFlag, PostOverLimit, useCampaignPlatforms } from "./over-limit-flag";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const withImage: Media = {
  post_type: "IMAGE",
  images: [{ url: "https://media.example/1.jpg", is_selected: true, in_album: false, source: "ai_generated" }],
  video: null,
  documents: [],
  expires_in: 86400,
};
const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };

function campaign(id: number, channels: Channel[]): CampaignDetail {
  return {
    id,
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
    created_at: "2026-11-01T10:00:00+03:00",
    channels,
    schedules: [],
    stats: { total: 0, published: 0, waiting_approval: 0, scheduled: 0, failed: 0 },
  };
}

function wrapper(client: QueryClient, locale: "ru" | "en" = "ru") {
  return function Wrap({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale={locale} messages={{ review: locale === "ru" ? review : enReview }} timeZone="Europe/Moscow">
        <QueryClientProvider client={client}>
          <Suspense fallback="…">{children}</Suspense>
        </QueryClientProvider>
      </NextIntlClientProvider>
    );
  };
}
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
const plain = (s: string | null) => (s ?? "").replace(/\s/g, " ");

describe("OverLimitFlag", () => {
  it("names the platform, the length and the limit, with an icon beside the words", () => {
    render(<OverLimitFlag post={{ text: "я".repeat(1203), media: withImage }} platforms={["VK", "TELEGRAM"]} />, { wrapper: wrapper(newClient()) });
    const flag = screen.getByText((_, el) => el?.getAttribute("data-platform") === "TELEGRAM");
    expect(plain(flag.textContent)).toBe("⚠Подпись длиннее лимита Telegram: 1 203 из 1 024");
    expect(flag.querySelector('[aria-hidden="true"]')?.textContent).toBe("⚠");
    expect(flag.getAttribute("title")).toContain("Telegram Premium");
  });

  it("flags a message over MAX's 4000 and Telegram's 4096 in English", () => {
    render(<OverLimitFlag post={{ text: "x".repeat(4100), media: null }} platforms={["TELEGRAM", "MAX"]} />, { wrapper: wrapper(newClient(), "en") });
    expect(screen.getByText(/Longer than the Telegram limit: 4,100 of 4,096/)).toBeTruthy();
    expect(screen.getByText(/Longer than the MAX limit: 4,100 of 4,000/)).toBeTruthy();
  });

  it("renders nothing when the text fits, exactly at the limit included", () => {
    const { container } = render(<OverLimitFlag post={{ text: "я".repeat(1024), media: withImage }} platforms={["TELEGRAM", "VK"]} />, {
      wrapper: wrapper(newClient()),
    });
    expect(container.textContent).toBe("");
  });
});

describe("PostOverLimit (post page)", () => {
  it("flags against the campaign's active channels only", () => {
    const client = newClient();
    client.setQueryData(postKey(7), { data: postDetailFixture({ task_id: 7, text: "я".repeat(4050) }), meta });
    const channels = [
      { id: 1, name: "TG", platform: "TELEGRAM", is_active: true },
      { id: 2, name: "MAX", platform: "MAX", is_active: false },
    ];
    client.setQueryData(campaignQuery(101).queryKey, { data: campaign(101, channels), meta });
    const { container } = render(<PostOverLimit id={7} />, { wrapper: wrapper(client) });
    // 4050 is over MAX's 4000, but that channel is switched off; Telegram's message limit is 4096.
    expect(container.textContent).toBe("");
    cleanup();
    client.setQueryData(campaignQuery(101).queryKey, { data: campaign(101, channels.map((c) => ({ ...c, is_active: true }))), meta });
    render(<PostOverLimit id={7} />, { wrapper: wrapper(client) });
    expect(plain(screen.getByText(/Длиннее лимита MAX/).textContent)).toBe("⚠Длиннее лимита MAX: 4 050 из 4 000");
  });
});

describe("useCampaignPlatforms", () => {
  it("answers from a campaign detail already in the cache, without a request", () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    const client = newClient();
    const channels = [{ id: 1, name: "TG", platform: "TELEGRAM", is_active: true }];
    client.setQueryData(campaignQuery(101).queryKey, { data: campaign(101, channels), meta });
    const { result } = renderHook(() => useCampaignPlatforms([101, 101]), { wrapper: wrapper(client) });
    expect(result.current.get(101)).toEqual(["TELEGRAM"]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("reads a campaign it does not have once, under a key that campaign events do not refetch", async () => {
    const body = { data: campaign(102, [{ id: 3, name: "VK", platform: "VK", is_active: true }]), meta };
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetchSpy);
    const client = newClient();
    const { result } = renderHook(() => useCampaignPlatforms([102]), { wrapper: wrapper(client) });
    expect(result.current.get(102)).toBeUndefined();
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(String((fetchSpy.mock.calls[0] as unknown[])[0])).toBe("/api/campaigns/102");
    await vi.waitFor(() => expect(result.current.get(102)).toEqual(["VK"]));
    // Not the campaign detail's own key (["campaigns", 102]), which every decision's campaign event refetches.
    expect(client.getQueryData(campaignQuery(102).queryKey)).toBeUndefined();
  });
});
