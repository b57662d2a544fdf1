import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ActivityView } from "@/components/activity/activity-view";
import { ActivityTableSkeleton } from "@/components/activity/table/skeleton";
import { getCurrentUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/roles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.activity");
  return { title: t("title") };
}

export default async function ActivityPage() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations("review.activity")]);
  // A convenience only: GET /api/audit refuses other roles anyway.
  if (!user || !can(user.role, "audit:read")) {
    return (
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p role="status" className="rounded-md border border-zinc-300 bg-zinc-50 p-4 text-sm dark:border-zinc-700 dark:bg-zinc-900">
          {t("notAllowed")}
        </p>
      </div>
    );
  }
  return (
    <Suspense fallback={<ActivityTableSkeleton label={t("loading")} />}>
      <ActivityView />
    </Suspense>
  );
}
