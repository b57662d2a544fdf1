"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { DataTableEmpty } from "@/components/ui/data-table/empty";

/**
 * Nothing waits (a good day), or nothing matches the filters: then a way back to everything. While
 * campaigns are still loading, "nothing waits" is not known yet: it says that instead.
 */
export function InboxEmptyState({ filtered, resetHref, loading = 0 }: { filtered: boolean; resetHref: string; loading?: number }) {
  const t = useTranslations("review.inbox.empty");
  return (
    <DataTableEmpty className="p-8 text-base">
      <p className="font-medium">{loading > 0 ? t("loading") : filtered ? t("filtered") : t("title")}</p>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{t("body")}</p>
      {filtered && (
        <Link href={resetHref} className="mt-3 inline-block text-sm font-medium text-blue-800 underline dark:text-blue-300">
          {t("reset")}
        </Link>
      )}
    </DataTableEmpty>
  );
}
