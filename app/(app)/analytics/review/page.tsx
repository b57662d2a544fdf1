import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ReviewAnalyticsView } from "@/components/review-analytics/review-view";
import { SkeletonLines } from "@/components/ui/skeleton";
import { getCurrentUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/roles";
import { NotAllowed } from "@/components/ui/not-allowed";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("insights.review");
  return { title: t("title") };
}

// The figures are fetched in the browser (one request for every panel); the route refuses other roles anyway.
export default async function ReviewAnalyticsPage() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations("insights.review")]);
  if (!user || !can(user.role, "analytics:review")) {
    return <NotAllowed title={t("title")} message={t("notAllowed")} />;
  }
  return (
    // useQueryStates reads the URL: a Suspense boundary keeps the shell static.
    <Suspense fallback={<SkeletonLines lines={8} />}>
      <ReviewAnalyticsView />
    </Suspense>
  );
}
