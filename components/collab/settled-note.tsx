"use client";

import { useTranslations } from "next-intl";
import { DateTime } from "@/components/post/date-time";

/** A decision row as the audit keeps it (lib/server/outcomes settles `outcome_unknown` rows later). */
export type OutcomeFacts = { result: string | null; error_code: string | null; settled_at?: string | null };

/** Rows this note speaks for: the caller leaves its own result or error line out for them. */
export const isUnknownOrSettled = (r: OutcomeFacts) => r.error_code === "outcome_unknown" || Boolean(r.settled_at);

/**
 * An unknown outcome in words (never a bare code), and once settled, what the
 * later check found and when, beside the time the decision was taken.
 */
export function SettledNote({ row }: { row: OutcomeFacts }) {
  const t = useTranslations("collab.outcome");
  if (row.error_code === "outcome_unknown" && !row.settled_at) {
    return (
      <p data-outcome="unknown" className="font-medium text-amber-900 dark:text-amber-200">
        <span aria-hidden="true">? </span>
        {t("unknown")}
      </p>
    );
  }
  if (!row.settled_at) return null;
  const applied = row.error_code === null;
  return (
    <p data-outcome={applied ? "settled-done" : "settled-not-applied"} className={applied ? "" : "font-medium text-red-800 dark:text-red-300"}>
      {applied ? t("settledDone") : t("settledNotApplied")} <DateTime value={row.settled_at} />
    </p>
  );
}
