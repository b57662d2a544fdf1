import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ReviewCsvTable } from "@/lib/schemas/review-analytics";
import type { ReviewAnalyticsFilters } from "@/lib/url-state/review-analytics";
import { apiRead, withQuery } from "./fetch-json";

/** The URL state as GET /api/analytics/review's parameters, shared by the panels and the CSV links. */
export function reviewAnalyticsApiFilters(f: ReviewAnalyticsFilters) {
  return { from: f.from ?? undefined, to: f.to ?? undefined, campaign_id: f.campaign ?? undefined };
}

export function reviewAnalyticsOptions(f: ReviewAnalyticsFilters) {
  const query = reviewAnalyticsApiFilters(f);
  return queryOptions({
    queryKey: ["review-analytics", query] as const,
    queryFn: ({ signal }) => apiRead("reviewAnalytics", "/api/analytics/review", { query, signal }),
    placeholderData: keepPreviousData,
    // Decisions arrive all day, but nobody needs this page to move under their eyes.
    staleTime: 60_000,
  });
}

/** One panel's CSV: the same filters, the range the answer resolved (so the file matches the screen). */
export function reviewCsvHref(f: ReviewAnalyticsFilters, range: { from: string; to: string } | undefined, table: ReviewCsvTable): string {
  const query = reviewAnalyticsApiFilters(f);
  return withQuery("/api/analytics/review", { ...query, from: range?.from ?? query.from, to: range?.to ?? query.to, format: "csv", table });
}
