"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** Shown while posts are selected: one approve or reject for all of them. */
export function BulkBar({ count, busy, onApprove, onReject, onClear }: { count: number; busy: boolean; onApprove: () => void; onReject: () => void; onClear: () => void }) {
  const t = useTranslations("review.bulk");
  if (count === 0) return null;
  return (
    <div role="region" aria-label={t("label")} className="flex flex-wrap items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm dark:border-blue-900 dark:bg-blue-950/50">
      <span className="font-medium">{t("selected", { count })}</span>
      <Button size="sm" variant="success" disabled={busy} onClick={onApprove}>
        {t("approve", { count })}
      </Button>
      <Button size="sm" variant="danger" disabled={busy} onClick={onReject}>
        {t("reject", { count })}
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t("clear")}
      </Button>
    </div>
  );
}
