"use client";

import Link from "next/link";
import { useTranslations, useFormatter } from "next-intl";
import { METRIC_TYPES } from "@/lib/schemas/values";
import { DateTime } from "./date-time";
import { useEnumLabel } from "./labels";
import { linkClass } from "./link-class";
import { usePost } from "./use-post";

/** Statuses whose engagement the upstream collects: only these ask for it; the others have nothing to show. */
const MEASURED = new Set(["PUBLISHING", "PUBLISHED", "PARTIALLY_PUBLISHED", "FAILED"]);

/**
 * The post's engagement with the change since the previous collection and
 * when it was collected, as the post's detail carries it (summed over
 * platforms by the upstream, at the same collection its engagement page
 * breaks down per platform): a post page costs one read, not two. A metric
 * the upstream did not report reads "not reported", never 0; metrics we do
 * not know are listed by their raw name. A post not yet out has nothing.
 */
export function EngagementSummary({ id }: { id: number }) {
  const t = useTranslations("review.post.engagement");
  const format = useFormatter();
  const metricLabel = useEnumLabel("post.engagement.metric", METRIC_TYPES);
  const post = usePost(id).data.data;
  const engagement = MEASURED.has(post.status) ? post.engagement : {};
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
