"use client";

import { useTranslations } from "next-intl";
import { DateTime } from "./date-time";
import { usePost } from "./use-post";

const PUBLISHED = new Set(["PUBLISHED", "PARTIALLY_PUBLISHED"]);

/**
 * Created, generation started, planned or published, last update. The
 * upstream's `published_at` is the publication moment once the post is
 * published and the planned time before that (product decision).
 */
export function PostTimeline({ id }: { id: number }) {
  const t = useTranslations("review.post.timeline");
  const post = usePost(id).data.data;
  const rows: { label: string; value: string | null }[] = [
    { label: t("created"), value: post.created_at },
    { label: t("generationStarted"), value: post.generate_at },
    { label: PUBLISHED.has(post.status) ? t("published") : t("planned"), value: post.published_at },
    { label: t("updated"), value: post.updated_at },
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">{row.label}</dt>
          <dd>{row.value ? <DateTime value={row.value} /> : t("none")}</dd>
        </div>
      ))}
    </dl>
  );
}
