// @vitest-environment jsdom
// Where a post's type and status are shown (post page heading, a campaign's latest post),
// a known value reads as its label in the interface's language and an unknown one as it came.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { LatestPost } from "@/components/campaigns/detail/latest-post";
import analytics from "@/messages/ru/analytics.json";
import common from "@/messages/ru/common.json";
import review from "@/messages/ru/review.json";
import { latestPostQuery } from "@/lib/queries/campaigns";
import { postKey } from "@/lib/queries/posts";
import type { PostDetail } from "@/lib/schemas";
import { postDetailFixture } from "@/test/post-fixture";
import { PostSummary } from "./post-summary";

afterEach(cleanup);

const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };
const post = (status: string, post_type: string): PostDetail =>
  postDetailFixture({ task_id: 9, status, post_type, published_at: "2026-11-20T10:00:00+03:00", created_at: "2026-11-20T09:00:00+03:00" });

function show(ui: React.ReactNode, p: PostDetail): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(postKey(p.task_id), { data: p, meta });
  client.setQueryData(latestPostQuery(p.campaign_id).queryKey, { data: p, meta });
  const { container } = render(
    <NextIntlClientProvider locale="ru" messages={{ analytics, common, review }} timeZone="Europe/Moscow">
      <QueryClientProvider client={client}>
        <Suspense fallback="…">{ui}</Suspense>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  return container.textContent ?? "";
}

describe("post type and status labels", () => {
  it("post page heading: «Тип: Текст», status translated", () => {
    const text = show(<PostSummary id={9} />, post("PUBLISHED", "TEXT"));
    expect(text).toContain("Тип: Текст");
    expect(text).toContain("Опубликован");
    expect(text).not.toMatch(/TEXT|PUBLISHED/);
  });

  it("campaign's latest post: «Тип поста: Альбом»", () => {
    const text = show(<LatestPost campaignId={101} />, post("PARTIALLY_PUBLISHED", "ALBUM"));
    expect(text).toContain("Тип поста: Альбом");
    expect(text).toContain("Опубликован частично");
  });

  it("values the description does not list show as they came", () => {
    const heading = show(<PostSummary id={9} />, post("ON_HOLD", "CAROUSEL"));
    expect(heading).toContain("Тип: CAROUSEL");
    expect(heading).toContain("ON_HOLD");
    cleanup();
    expect(show(<LatestPost campaignId={101} />, post("ON_HOLD", "CAROUSEL"))).toContain("Тип поста: CAROUSEL");
  });
});
