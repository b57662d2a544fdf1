"use client";

import { useTranslations, useFormatter } from "next-intl";
import type { DataMeta } from "@/lib/api/envelope";

/**
 * When the numbers were fetched by the dashboard and, when known, when the
 * upstream last collected them: a chart of old numbers must say so.
 */
export function Freshness({ meta, collectedAt }: { meta?: DataMeta; collectedAt?: string | null }) {
  const t = useTranslations("analytics");
  const format = useFormatter();
  if (!meta) return null;
  const time = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400">
      {t("fetchedAt", { time: time(meta.fetchedAt) })}
      {collectedAt ? `; ${t("collectedAt", { time: time(collectedAt) })}` : null}
    </p>
  );
}
