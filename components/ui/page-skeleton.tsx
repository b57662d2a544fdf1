import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/skeleton";

const PANELS = ["h-8 w-1/3", "h-32 w-full", "h-32 w-full"];

/**
 * A page-sized placeholder while a page cannot render yet: by default a title and two panels, or
 * `blocks` (one class list each) in a page's own shape; `label` is read out instead of "Loading".
 */
export async function PageSkeleton({ label, blocks = PANELS }: { label?: string; blocks?: string[] }) {
  const t = await getTranslations("common");
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">{label ?? t("loading")}</span>
      {blocks.map((className, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}
