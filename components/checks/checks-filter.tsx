"use client";

import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { useId } from "react";
import { CHECKS_FILTERS, checksParsers, type ChecksFilterValue } from "@/lib/url-state/checks";
import { parseAsPage, URL_STATE_OPTIONS } from "@/lib/url-state/parsers";

const control =
  "h-9 rounded-md border border-zinc-400 bg-white px-2 text-sm dark:border-zinc-600 dark:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/** `?checks=` as the list pages read it (shallow: only the list's query refetches). */
export function useChecksUrl(): ChecksFilterValue | null {
  return useQueryStates(checksParsers, URL_STATE_OPTIONS)[0].checks;
}

const isChecks = (v: string): v is ChecksFilterValue => (CHECKS_FILTERS as readonly string[]).includes(v);

/**
 * "Clean / with warnings / blocked": a labelled select beside the lists' other
 * filters, kept in the URL (`?checks=`); the server filters before paging, so
 * the total counts the matches. A change starts again from the first page.
 */
export function ChecksFilter() {
  const t = useTranslations("review.checks.filter");
  const id = useId();
  const [{ checks }, set] = useQueryStates({ ...checksParsers, page: parseAsPage }, URL_STATE_OPTIONS);
  return (
    <span className="flex flex-col gap-1 self-start">
      <label htmlFor={id} className="text-sm font-medium">
        {t("label")}
      </label>
      <select
        id={id}
        className={control}
        value={checks ?? ""}
        data-testid="checks-filter"
        onChange={(e) => void set({ checks: isChecks(e.target.value) ? e.target.value : null, page: null })}
      >
        <option value="">{t("all")}</option>
        {CHECKS_FILTERS.map((v) => (
          <option key={v} value={v}>
            {t(v)}
          </option>
        ))}
      </select>
    </span>
  );
}
