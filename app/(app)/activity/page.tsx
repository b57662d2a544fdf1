import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ActivityView } from "@/components/activity/activity-view";
import { ActivityTableSkeleton } from "@/components/activity/table/skeleton";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { can } from "@/lib/auth/roles";
import { NotAllowed } from "@/components/ui/not-allowed";
import { withPageMessages } from "@/components/shell/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.activity");
  return { title: t("title") };
}

async function ActivityPage() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations("review.activity")]);
  // A convenience only: GET /api/audit refuses other roles anyway.
  if (!user || !can(user.role, "audit:read")) {
    return <NotAllowed title={t("title")} message={t("notAllowed")} />;
  }
  return (
    <Suspense fallback={<ActivityTableSkeleton label={t("loading")} />}>
      <ActivityView />
    </Suspense>
  );
}

export default withPageMessages(["review", "collab.outcome"], ActivityPage);
