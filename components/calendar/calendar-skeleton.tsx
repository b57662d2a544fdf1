import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/skeleton";

/** The calendar's shape while its server part renders: title, controls, a month's grid (the page's Suspense fallback). */
export async function CalendarSkeleton() {
  const t = await getTranslations("planner.calendar");
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}
