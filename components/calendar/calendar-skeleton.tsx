import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

/** The calendar's shape while its server part renders: title, controls, a month's grid (the page's Suspense fallback). */
export async function CalendarSkeleton() {
  const t = await getTranslations("planner.calendar");
  return <PageSkeleton label={t("loading")} blocks={["h-8 w-1/3", "h-10 w-2/3", "h-96 w-full"]} />;
}
