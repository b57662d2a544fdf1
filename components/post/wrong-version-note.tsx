"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { postDecisionsKey } from "@/lib/queries/decisions";
import { postKey, postQuery, rejectPost } from "@/lib/queries/posts";

/** An approve as the audit keeps it: the version signed (version_number) and the one a read-back found approved. */
export type ApprovedFacts = { action: string; version_number: number | null; approved_version?: number | null };

/** The upstream approved another version than the one signed off (lib/server/outcomes/wrong-version.ts). */
export const approvedWrongVersion = (r: ApprovedFacts): boolean =>
  r.action === "approve" && r.approved_version != null && r.version_number !== null && r.approved_version !== r.version_number;

/** Still stoppable: approved but not yet publishing or published. */
const STOPPABLE = new Set(["APPROVED", "SCHEDULED"]);

/**
 * «Одобрена не та версия» on a decision row, and while the post is not yet
 * published, a one-click reject of it (the reason written for the person,
 * pinned to the version now active so nothing newer is rejected blind).
 */
export function WrongVersionNote({ id, row, canDecide }: { id: number; row: ApprovedFacts; canDecide: boolean }) {
  const t = useTranslations("review.decision.wrongVersion");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const post = useQuery({ ...postQuery(id), enabled: canDecide });
  const status = post.data?.data.status;
  const active = post.data?.data.versions.find((v) => v.is_active)?.version_number;
  const reject = useMutation({
    mutationFn: () => rejectPost(id, { reason: t("reason", { signed: row.version_number ?? "—", approved: row.approved_version ?? "—" }), ...(active !== undefined ? { version: active } : {}) }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: postKey(id) }), queryClient.invalidateQueries({ queryKey: postDecisionsKey(id) })]),
  });
  if (!approvedWrongVersion(row)) return null;
  const stoppable = canDecide && status !== undefined && STOPPABLE.has(String(status));
  return (
    <div data-wrong-version className="my-1 rounded-md border border-red-300 bg-red-50 p-2 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <p className="font-medium">
        <span aria-hidden="true">⚠ </span>
        {t("title")}
      </p>
      <p>{t("detail", { signed: row.version_number ?? "—", approved: row.approved_version ?? "—" })}</p>
      {stoppable && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button variant="danger" size="sm" disabled={reject.isPending || reject.isSuccess} onClick={() => reject.mutate()}>
            {reject.isPending ? t("rejecting") : t("reject")}
          </Button>
          <span className="text-xs">{t("rejectHint")}</span>
        </div>
      )}
      <p role="status" aria-live="polite" className="text-sm">
        {reject.isSuccess ? t("rejected") : null}
      </p>
      {reject.isError && (
        <p role="alert" className="text-sm font-medium">
          {errorText(reject.error)}
        </p>
      )}
    </div>
  );
}
