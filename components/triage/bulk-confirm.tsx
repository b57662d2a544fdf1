"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/**
 * Bulk approval asks once: how many posts (and from how many campaigns), with
 * the confirm button focused so Enter goes on. The job then still waits 5 s,
 * with Undo, before it starts. (A bulk reject asks in its reason dialog.)
 */
export function BulkConfirmDialog({ count, campaigns, leftOut = 0, onConfirm, onCancel }: { count: number | null; campaigns: number; leftOut?: number; onConfirm: () => void; onCancel: () => void }) {
  const t = useTranslations("review.triage.bulkConfirm");
  return (
    <Dialog open={count !== null} onClose={onCancel} title={t("title", { count: count ?? 0 })}>
      {count !== null && (
        <>
          <p className="text-sm">{t("body")}</p>
          {campaigns > 1 && <p className="text-sm">{t("campaigns", { campaigns })}</p>}
          {/* Flagged posts (over a limit, blocking checks) are never approved in bulk: each asks on its own. */}
          {leftOut > 0 && (
            <p className="text-sm font-medium" data-bulk-left-out={leftOut}>
              {t("leftOut", { count: leftOut })}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button onClick={onCancel}>{t("cancel")}</Button>
            <Button variant="success" data-autofocus onClick={onConfirm}>
              {t("confirm", { count })}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
