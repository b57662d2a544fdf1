import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/skeleton";

/** Route-level fallback while a page's server part renders; panels have their own skeletons. */
export default async function Loading() {
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
