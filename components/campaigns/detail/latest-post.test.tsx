// @vitest-environment jsdom
// The campaign's latest post: known enum values read as words, unknown ones as they came.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import analytics from "@/messages/ru/analytics.json";
import common from "@/messages/ru/common.json";
import review from "@/messages/ru/review.json";
import { latestPostQuery } from "@/lib/queries/campaigns";
import type { Post } from "@/lib/schemas";
import { LatestPost } from "./latest-post";

afterEach(cleanup);

function renderLatest(post: Partial<Post>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const full = { task_id: 1042, campaign_id: 7, campaign_name: "К", text: "Текст поста", published_at: null, ...post } as Post;
  client.setQueryData(latestPostQuery(7).queryKey, { data: full, meta: { stale: false, fetchedAt: "2026-11-21T05:00:00Z" } });
  render(
    <NextIntlClientProvider locale="ru" messages={{ analytics, common, review }} timeZone="Europe/Moscow">
      <QueryClientProvider client={client}>
        <LatestPost campaignId={7} />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

describe("LatestPost", () => {
  it("labels the post type and status", () => {
    renderLatest({ post_type: "TEXT", status: "PARTIALLY_PUBLISHED" });
    expect(screen.getByText("Тип поста: Текст")).toBeTruthy();
    // The same words as the post page and the queue (review.status).
    expect(screen.getByText(review.status.PARTIALLY_PUBLISHED)).toBeTruthy();
  });

  it("shows values it does not know as they came", () => {
    renderLatest({ post_type: "HOLOGRAM", status: "ON_HOLD" });
    expect(screen.getByText("Тип поста: HOLOGRAM")).toBeTruthy();
    expect(screen.getByText("ON_HOLD")).toBeTruthy();
  });
});
