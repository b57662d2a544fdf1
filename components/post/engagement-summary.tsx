"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations, useFormatter } from "next-intl";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { postEngagementQuery } from "@/lib/queries/engagement";
import { METRIC_TYPES } from "@/lib/schemas/values";
import type { PostEngagement } from "@/lib/schemas";
import { DateTime } from "./date-time";
import { useEnumLabel } from "./labels";
import { linkClass } from "./link-class";
import { usePost } from "./use-post";

/** Statuses whose engagement the upstream collects: only these ask for it; the others have nothing to show. */
const MEASURED = new Set(["PUBLISHING", "PUBLISHED", "PARTIALLY_PUBLISHED", "FAILED"]);

type Summed = Record<string, { value: number; delta: number; updated_at: string }>;

/** Per metric, summed over platforms, with the newest collection time among them. */
function summed(e: PostEngagement | undefined): Summed {
  const out: Summed = {};
  for (const m of e?.metrics ?? []) {
    const s = out[m.metric_type];
    out[m.metric_type] = s
      ? { value: s.value + m.value, delta: s.delta + m.delta, updated_at: Date.parse(m.updated_at) > Date.parse(s.updated_at) ? m.updated_at : s.updated_at }
      : { value: m.value, delta: m.delta, updated_at: m.updated_at };
  }
  return out;
}

/**
 * The post's engagement with the change since the previous collection and
 * when it was collected: the same snapshot its engagement page shows (both
 * read GET /api/posts/[id]/engagement, answered from the dashboard's time
 * series), so the two never disagree. A metric the upstream did not report
 * reads "not reported", never 0; metrics we do not know are listed by their
 * raw name. A post not yet out asks for nothing.
 */
export function EngagementSummary({ id }: { id: number }) {
  const t = useTranslations("review.post.engagement");
  const format = useFormatter();
  const metricLabel = useEnumLabel("post.engagement.metric", METRIC_TYPES);
  const post = usePost(id).data.data;
  const measured = MEASURED.has(post.status);
  const query = useQuery({ ...postEngagementQuery(id), enabled: measured });

  if (measured && query.isPending) return <SkeletonLines lines={5} />;
  if (measured && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const engagement = measured ? summed(query.data?.data) : {};
  const metrics = [...METRIC_TYPES, ...Object.keys(engagement).filter((k) => !(METRIC_TYPES as readonly string[]).includes(k))];

  return (
    <div className="space-y-3" data-testid="engagement-summary">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {metrics.map((metric) => {
          const m = engagement[metric];
          return (
            <div key={metric} className="contents" data-metric={metric}>
              <dt className="text-zinc-600 dark:text-zinc-400">{metricLabel(metric)}</dt>
              <dd>
                {m ? (
                  <>
                    <span className="font-semibold tabular-nums">{format.number(m.value)}</span>{" "}
                    <span className="text-xs text-zinc-700 dark:text-zinc-300">
                      {m.delta === 0 ? t("noChange") : t("delta", { delta: `${m.delta > 0 ? "+" : "−"}${format.number(Math.abs(m.delta))}` })}
                      {" · "}
                      <DateTime value={m.updated_at} />
                    </span>
                  </>
                ) : (
                  <span className="text-zinc-600 italic dark:text-zinc-400">{t("notReported")}</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <Link href={`/posts/${id}/engagement`} className={linkClass}>
        {t("history")}
      </Link>
    </div>
  );
}
