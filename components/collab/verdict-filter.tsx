"use client";

import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { useId } from "react";
import { parseAsPage, URL_STATE_OPTIONS } from "@/lib/url-state/parsers";
import { verdictParsers, type VerdictUrlState } from "@/lib/url-state/queue";

export type VerdictFilterValue = VerdictUrlState["verdict"];

const control =
  "h-9 rounded-md border border-zinc-400 bg-white px-2 text-sm dark:border-zinc-600 dark:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/** `?verdict=` as the list pages read it (shallow: only the list's query refetches). */
export function useVerdictUrl(): VerdictFilterValue {
  return useQueryStates(verdictParsers, URL_STATE_OPTIONS)[0].verdict;
}

/**
 * "Signed off" / "changes requested": a labelled select like the lists'
 * other filters, kept in the URL (`?verdict=`); a change starts again from
 * the first page. `mine` offers "needs my verdict" too (the inbox's, a reviewer's landing).
 */
export function VerdictFilter({ mine = false }: { mine?: boolean }) {
  const t = useTranslations("collab.verdicts");
  const id = useId();
  const [{ verdict }, set] = useQueryStates({ ...verdictParsers, page: parseAsPage }, URL_STATE_OPTIONS);
  return (
    <span className="flex flex-col gap-1 self-start">
      <label htmlFor={id} className="text-sm font-medium">
        {t("filter")}
      </label>
      <select
        id={id}
        className={control}
        value={verdict === "mine" && !mine ? "" : (verdict ?? "")}
        data-testid="verdict-filter"
        onChange={(e) => {
          const v = e.target.value;
          void set({ verdict: v === "signed_off" || v === "changes" || (mine && v === "mine") ? v : null, page: null });
        }}
      >
        <option value="">{t("filterAll")}</option>
        {mine && <option value="mine">{t("filterMine")}</option>}
        <option value="signed_off">{t("filterSignedOff")}</option>
        <option value="changes">{t("filterChanges")}</option>
      </select>
    </span>
  );
}
