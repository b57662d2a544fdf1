"use client";

import { useTranslations, useFormatter } from "next-intl";

/** A metric's number, or "not reported" when the upstream sent nothing for it (never 0). */
export function MetricValue({ value, signed = false }: { value: number | undefined; signed?: boolean }) {
  const t = useTranslations("analytics");
  const format = useFormatter();
  if (value === undefined) return <span className="text-zinc-600 italic dark:text-zinc-400">{t("notReported")}</span>;
  return <span className="tabular-nums">{format.number(value, signed ? { signDisplay: "exceptZero" } : undefined)}</span>;
}
