"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { lastPage } from "@/lib/url-state/queue";

type Props<S extends number> = {
  page: number;
  size: S;
  /** The page sizes the list's URL state accepts. */
  sizes: readonly S[];
  total: number;
  onPage: (page: number) => void;
  onSize: (size: S) => void;
};

/** Pages of a triage list, with the total; the page and its size live in the URL. */
export function TriagePagination<S extends number>({ page, size, sizes, total, onPage, onSize }: Props<S>) {
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
            onChange={(e) => onSize(Number(e.target.value) as S)}
            className="h-8 rounded-md border border-zinc-300 bg-white px-2 dark:border-zinc-700 dark:bg-zinc-900"
          >
            {sizes.map((s) => (
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
