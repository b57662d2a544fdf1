"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { ChecksAnalyticsPanel } from "@/components/checks/analytics-panel";
import { ErrorState, StaleNote } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { reviewAnalyticsOptions } from "@/lib/queries/review-analytics";
import { reviewAnalyticsUrlSearch } from "@/lib/url-state/review-analytics";
import { ReviewFilters } from "./filters";
import { ReviewPanels } from "./panels";
import { ReviewSummary } from "./summary";
import { useReviewUrl } from "./use-review-url";

/** The review analytics page: filters in the URL, one request for every panel (GET /api/analytics/review). */
export function ReviewAnalyticsView() {
  const t = useTranslations("insights.review");
  const { filters, apply, reset } = useReviewUrl();
  const query = useQuery(reviewAnalyticsOptions(filters));
  const data = query.data?.data;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("description")}</p>
      </div>
      {/* key: a URL changed elsewhere (back button, reset, the first answer's range) refills the fields. */}
      <ReviewFilters key={`${reviewAnalyticsUrlSearch(filters)}|${data?.range.from ?? ""}|${data?.range.to ?? ""}`} filters={filters} range={data?.range} onApply={apply} onReset={reset} />
      {query.isPending ? (
        <div role="status" aria-label={t("loading")}>
          <SkeletonLines lines={8} />
        </div>
      ) : query.isError && !data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : data ? (
        <div className="flex flex-col gap-4" aria-busy={query.isFetching} data-testid="review-analytics">
          <StaleNote meta={query.data?.meta} />
          <ReviewSummary data={data} />
          <ReviewPanels data={data} filters={filters} />
          {/* What the checks teach (lib/checks): its own request, database only. */}
          <ChecksAnalyticsPanel filters={filters} />
        </div>
      ) : null}
    </div>
  );
}
