"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { rowFactsQuery, type RowFacts } from "@/lib/queries/collab";
import { useViewerNames } from "./presence-line";

/** The row facts of the posts on screen (one database-only request per page of rows). */
export function useRowFacts(taskIds: readonly number[]): RowFacts | undefined {
  return useQuery(rowFactsQuery(taskIds)).data;
}

/**
 * Under a queue or inbox row's excerpt: its verdict state ("signed off",
 * "changes requested", by whom) and who has the post open right now. Text
 * and a symbol, never colour alone.
 */
export function RowMarks({ id, facts }: { id: number; facts: RowFacts | undefined }) {
  const t = useTranslations("collab");
  const names = useViewerNames();
  const verdict = facts?.verdicts[String(id)];
  const viewers = facts?.viewers[String(id)] ?? [];
  if ((!verdict || verdict.state === "none") && viewers.length === 0) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {verdict?.state === "signed_off" && (
        <span data-row-verdict="signed_off" title={verdict.by.join(", ")} className="font-medium text-green-800 dark:text-green-300">
          ✓ {t("verdicts.rowSignedOff")}
        </span>
      )}
      {verdict?.state === "changes" && (
        <span data-row-verdict="changes" title={verdict.by.join(", ")} className="font-medium text-amber-800 dark:text-amber-300">
          ✎ {t("verdicts.rowChanges")}
        </span>
      )}
      {viewers.length > 0 && (
        <span data-row-presence className="text-zinc-700 dark:text-zinc-300">
          <span aria-hidden="true">◉ </span>
          {t("presence.viewing", { names: names(viewers), count: viewers.length })}
        </span>
      )}
    </span>
  );
}
