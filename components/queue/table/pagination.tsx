"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { QUEUE_PAGE_SIZES, lastPage, type QueuePageSize } from "@/lib/url-state/queue";

type Props = {
  page: number;
  size: QueuePageSize;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: QueuePageSize) => void;
};

export function QueuePagination({ page, size, total, onPage, onSize }: Props) {
  const t = useTranslations("review.queue.pagination");
  const sizeId = useId();
  const pages = lastPage(total, size);
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  return (
    <nav aria-label={t("label")} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">{t("range", { from, to, total })}</p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="flex items-center gap-2">
          <label htmlFor={sizeId}>{t("size")}</label>
          <select
            id={sizeId}
            value={size}
            onChange={(e) => onSize(Number(e.target.value) as QueuePageSize)}
            className="h-8 rounded-md border border-zinc-300 bg-white px-2 dark:border-zinc-700 dark:bg-zinc-900"
          >
            {QUEUE_PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </span>
        <Button size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          {t("previous")}
        </Button>
        <span>{t("page", { page, pages })}</span>
        <Button size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          {t("next")}
        </Button>
      </div>
    </nav>
  );
}
