import type { Metadata } from "next";
import { getTimeZone, getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { Prefetch } from "@/lib/server/render/prefetch";
import { ReviewAnalyticsView } from "@/components/review-analytics/review-view";
import { SkeletonLines } from "@/components/ui/skeleton";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { can } from "@/lib/auth/roles";
import { NotAllowed } from "@/components/ui/not-allowed";
import { reviewAnalyticsApiFilters, reviewAnalyticsOptions } from "@/lib/queries/review-analytics";
import { allowedRange, reviewAnalytics } from "@/lib/server/review-analytics";
import { parseReviewAnalyticsUrl } from "@/lib/url-state/review-analytics";
import { withPageMessages } from "@/components/shell/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("insights.review");
  return { title: t("title") };
}

// One answer for every panel (GET /api/analytics/review), computed with the page on a first visit so the
// charts draw without waiting for hydration and a second request; a click in the app fetches it in the browser.
async function ReviewAnalyticsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations("insights.review")]);
  if (!user || !can(user.role, "analytics:review")) {
    return <NotAllowed title={t("title")} message={t("notAllowed")} />;
  }
  const filters = parseReviewAnalyticsUrl(await searchParams);
  const api = reviewAnalyticsApiFilters(filters);
  const timeZone = await getTimeZone();
  return (
    // useQueryStates reads the URL: a Suspense boundary keeps the shell static.
    <Suspense fallback={<SkeletonLines lines={8} />}>
      {/* A range the route refuses is not prefetched: the browser asks and shows the route's error. */}
      <Prefetch entries={[{ queryKey: reviewAnalyticsOptions(filters).queryKey, queryFn: () => reviewAnalytics({ ...api, ...allowedRange(api, Date.now(), timeZone) }, { timeZone }) }]}>
        <ReviewAnalyticsView />
      </Prefetch>
    </Suspense>
  );
}

export default withPageMessages(["analytics", "collab", "insights", "planner", "review", "share", "trends"], ReviewAnalyticsPage);
