"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { usePost } from "@/components/post/use-post";
import { SkeletonLines } from "@/components/ui/skeleton";
import { FindingList } from "./finding-list";
import { HighlightedText } from "./highlighted-text";
import { postChecksQuery } from "@/lib/queries/checks";
import { VerdictMark } from "./verdict-mark";

/**
 * The checks' report of the active version on the post page: a clean mark or
 * counts by severity, the text with each finding marked, and the findings
 * with their notes (a near-duplicate with its twin's link and diff). Read in
 * the browser, after the page: the report is the dashboard's own (no upstream
 * read), and the decision never waits for it (the approve is checked on the server).
 */
export function PostChecks({ id }: { id: number }) {
  const t = useTranslations("review.checks");
  const post = usePost(id).data.data;
  const active = post.versions.find((v) => v.is_active);
  const version = active?.version_number ?? null;
  const text = active?.text_content ?? post.text;
  const report = useQuery(postChecksQuery(id, version));
  if (report.isPending) return <SkeletonLines lines={2} />;
  if (report.isError) return <p className="text-sm text-red-800 dark:text-red-300">{t("error", { message: report.error.message })}</p>;
  const { findings, counts } = report.data;
  const prefix = `finding-${id}`;
  return (
    <div className="space-y-3" data-checks data-verdict={report.data.verdict} data-version={report.data.version ?? ""}>
      <VerdictMark verdict={report.data.verdict} warn={counts.warn} block={counts.block} />
      {findings.some((f) => f.end > f.start) && <HighlightedText text={text} findings={findings} idPrefix={prefix} />}
      {findings.length > 0 && <FindingList text={text} findings={findings} idPrefix={prefix} />}
      {(report.data.omitted ?? 0) > 0 && <p className="text-sm" data-omitted={report.data.omitted}>{t("omitted", { count: report.data.omitted ?? 0 })}</p>}
      {(report.data.unchecked ?? []).length > 0 && (
        <p className="text-sm text-amber-900 dark:text-amber-200" data-unchecked={report.data.unchecked!.join(" ")}>
          {t("unchecked", { rules: report.data.unchecked!.join(", ") })}
        </p>
      )}
    </div>
  );
}
