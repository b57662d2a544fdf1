"use client";

import { useTranslations, useFormatter } from "next-intl";
import type { DurationStat, ReviewAnalytics } from "@/lib/schemas/review-analytics";
import { useDuration } from "./use-duration";

function Figure({ label, value, testId, children }: { label: string; value: string; testId: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900" data-testid={testId}>
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {children && <dd className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{children}</dd>}
    </div>
  );
}

/** The headline figures: counts, rates and the two waits as median and 90th percentile. */
export function ReviewSummary({ data }: { data: ReviewAnalytics }) {
  const t = useTranslations("insights.review.summary");
  const format = useFormatter();
  const duration = useDuration();
  const s = data.summary;
  const pct = (r: number | null) => (r === null ? "—" : format.number(r, { style: "percent", maximumFractionDigits: 1 }));
  const wait = (label: string, v: DurationStat, testId: string) => (
    <Figure label={label} value={`${duration(v.median)} · ${duration(v.p90)}`} testId={testId}>
      {t("median")} · {t("p90")}; {t("basedOn", { count: v.count })}
    </Figure>
  );
  return (
    <section aria-label={t("label")}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label={t("decisions")} value={format.number(s.decisions)} testId="sum-decisions" />
        <Figure label={t("approvals")} value={`${format.number(s.approvals)} (${pct(s.approvalRate)})`} testId="sum-approvals" />
        <Figure label={t("rejections")} value={`${format.number(s.rejections)} (${pct(s.rejectionRate)})`} testId="sum-rejections" />
        <Figure label={t("decidedPosts")} value={format.number(s.decidedPosts)} testId="sum-posts" />
        {wait(t("toDecision"), s.toDecision, "sum-to-decision")}
        {wait(t("toPublication"), s.toPublication, "sum-to-publication")}
        <Figure label={t("lateDecisions")} value={format.number(s.lateDecisions)} testId="sum-late" />
        <Figure label={t("overdueWaiting")} value={format.number(s.overdueWaiting)} testId="sum-overdue" />
      </dl>
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        {t("percentileNote")}
        {s.postsNotFound > 0 && ` ${t("postsNotFound")}: ${format.number(s.postsNotFound)}.`}
      </p>
    </section>
  );
}
