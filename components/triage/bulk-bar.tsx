"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

type Props = {
  /** Selected posts. */
  count: number;
  /** Of them, the ones whose status allows approval / rejection (lib/posts/transitions.ts): only these go into a job. */
  approvable: number;
  rejectable: number;
  /** Of the approvable ones, those left out because they are flagged (over a limit, blocking checks): each asks on its own. */
  flagged?: number;
  /** The list can be read now; while it cannot, no job is started. */
  readable: boolean;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onClear: () => void;
};

/**
 * Shown while posts are selected: one approve or reject for all of them that
 * allow it. An action no selected post allows is not offered; when only some
 * allow it, the button says how many, and a line says the rest are left out.
 */
export function BulkBar({ count, approvable, rejectable, flagged = 0, readable, busy, onApprove, onReject, onClear }: Props) {
  const t = useTranslations("review.bulk");
  const tc = useTranslations("review.triage.bulkConfirm");
  const td = useTranslations("review.decision");
  if (count === 0) return null;
  // Left out for their status (not for a flag: that line is its own).
  const partly = (approvable + flagged > 0 && approvable + flagged < count) || (rejectable > 0 && rejectable < count) || (approvable + flagged === 0 && rejectable === 0);
  return (
    <div role="region" aria-label={t("label")} className="flex flex-wrap items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm dark:border-blue-900 dark:bg-blue-950/50">
      <span className="font-medium">{t("selected", { count })}</span>
      {approvable > 0 && (
        <Button size="sm" variant="success" disabled={busy || !readable} onClick={onApprove}>
          {approvable === count ? t("approve", { count }) : t("approveSome", { count: approvable, total: count })}
        </Button>
      )}
      {rejectable > 0 && (
        <Button size="sm" variant="danger" disabled={busy || !readable} onClick={onReject}>
          {rejectable === count ? t("reject", { count }) : t("rejectSome", { count: rejectable, total: count })}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t("clear")}
      </Button>
      <div aria-live="polite" className="basis-full empty:hidden">
        {!readable && (approvable > 0 || rejectable > 0) && <p data-decision-unavailable>{td("unreadable")}</p>}
        {partly && <p data-decision-unavailable>{t("notAllowed")}</p>}
        {flagged > 0 && <p data-bulk-flagged={flagged}>{tc("leftOut", { count: flagged })}</p>}
      </div>
    </div>
  );
}
