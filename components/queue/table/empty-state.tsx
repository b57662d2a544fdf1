"use client";

import { useTranslations } from "next-intl";
import { DataTableEmpty } from "@/components/ui/data-table/empty";
import Link from "next/link";

/** No posts match: say which filter is on, and offer the default one. */
export function QueueEmptyState({ statuses, resetHref, isDefault }: { statuses: string; resetHref: string; isDefault: boolean }) {
  const t = useTranslations("review.queue.empty");
  return (
    <DataTableEmpty className="p-8 text-base">
      <p className="font-medium">{isDefault ? t("titleDefault") : t("title")}</p>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{t("body", { statuses })}</p>
      {!isDefault && (
        <Link href={resetHref} className="mt-3 inline-block text-sm font-medium text-blue-800 underline dark:text-blue-300">
          {t("reset")}
        </Link>
      )}
    </DataTableEmpty>
  );
}
