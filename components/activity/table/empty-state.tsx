"use client";

import { useTranslations } from "next-intl";

export function ActivityEmptyState({ filtered }: { filtered: boolean }) {
  const t = useTranslations("review.activity.empty");
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 p-8 text-center dark:border-zinc-700">
      <p className="font-medium">{t("title")}</p>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{filtered ? t("filtered") : t("none")}</p>
    </div>
  );
}
