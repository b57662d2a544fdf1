"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { POST_SORTS, POST_STATUSES, type PostSort, type PostStatus } from "@/lib/schemas/values";
import { useStatusLabel } from "@/components/triage/status-badge";

type Props = {
  statuses: readonly PostStatus[];
  sort: PostSort;
  onStatuses: (statuses: PostStatus[]) => void;
  onSort: (sort: PostSort) => void;
};

/** Status filter (several at once) and sort, as the upstream allows them. */
export function QueueFilters({ statuses, sort, onStatuses, onSort }: Props) {
  const t = useTranslations("review.queue.filters");
  const label = useStatusLabel();
  const sortId = useId();
  const toggle = (status: PostStatus) => {
    const next = statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status];
    // An empty filter would mean "everything but CANCELED" upstream; keep at least one box ticked instead.
    if (next.length > 0) onStatuses(POST_STATUSES.filter((s) => next.includes(s)));
  };
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-medium">{t("status")}</legend>
        <div className="flex flex-wrap gap-1.5">
          {POST_STATUSES.map((status) => {
            const on = statuses.includes(status);
            return (
              <label
                key={status}
                className={
                  "inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 " +
                  (on
                    ? "border-blue-700 bg-blue-50 text-blue-900 dark:border-blue-400 dark:bg-blue-950 dark:text-blue-100"
                    : "border-zinc-300 text-zinc-800 dark:border-zinc-700 dark:text-zinc-200")
                }
              >
                <input type="checkbox" className="h-3.5 w-3.5 accent-blue-700" checked={on} onChange={() => toggle(status)} />
                {label(status)}
              </label>
            );
          })}
        </div>
      </fieldset>
      <span className="flex shrink-0 items-center gap-2 text-sm">
        <label htmlFor={sortId} className="font-medium">
          {t("sort")}
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(e) => onSort(e.target.value as PostSort)}
          className="h-9 rounded-md border border-zinc-300 bg-white px-2 dark:border-zinc-700 dark:bg-zinc-900"
        >
          {POST_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sorts.${s}`)}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
