"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { apiGetRaw } from "@/lib/queries/fetch-json";
import { FindingList } from "./finding-list";
import { HighlightedText } from "./highlighted-text";
import type { PostReport } from "@/lib/queries/checks";
import { VerdictMark } from "./verdict-mark";

/** The checks' findings for an outside approver on a share link that may decide (the server refuses a read-only link). */
export function SharedChecks({ token, id, text }: { token: string; id: number; text: string }) {
  const t = useTranslations("review.checks");
  const query = useQuery({
    queryKey: ["share", token, "checks", id, text],
    queryFn: ({ signal }) => apiGetRaw<PostReport>(`/api/s/${encodeURIComponent(token)}/posts/${id}/checks`, undefined, signal),
    retry: false,
  });
  if (!query.data) return null;
  const { findings, counts, verdict } = query.data;
  const prefix = `shared-finding-${id}`;
  return (
    <section className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" aria-labelledby={`${prefix}-title`} data-checks data-verdict={verdict}>
      <h3 id={`${prefix}-title`} className="text-base font-semibold">
        {t("title")}
      </h3>
      <VerdictMark verdict={verdict} warn={counts.warn} block={counts.block} />
      {findings.some((f) => f.end > f.start) && <HighlightedText text={text} findings={findings} idPrefix={prefix} />}
      {findings.length > 0 && <FindingList text={text} findings={findings} idPrefix={prefix} />}
    </section>
  );
}
