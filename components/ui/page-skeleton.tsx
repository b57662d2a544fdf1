import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/skeleton";

/** A page-sized placeholder (title and two panels) while a page cannot render yet; panels have their own skeletons. */
export async function PageSkeleton() {
  const t = await getTranslations("common");
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
