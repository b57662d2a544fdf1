"use client";

import { useTranslations } from "next-intl";
import { DataTableEmpty } from "@/components/ui/data-table/empty";

export function ActivityEmptyState({ filtered }: { filtered: boolean }) {
  const t = useTranslations("review.activity.empty");
  return (
    <DataTableEmpty className="p-8 text-base">
      <p className="font-medium">{t("title")}</p>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{filtered ? t("filtered") : t("none")}</p>
    </DataTableEmpty>
  );
}
