"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { StaleNote } from "@/components/ui/query-states";
import { POST_TYPES } from "@/lib/schemas/values";
import { useEnumLabel } from "./labels";
import { linkClass } from "./link-class";
import { RejectedBadge, useDashboardReject } from "./rejected-state";
import { PostStatusBadge } from "./status-badge";
import { usePost } from "./use-post";

/** The page heading: number, status, type and campaign of the post. */
export function PostSummary({ id }: { id: number }) {
  const t = useTranslations("review.post");
  const typeLabel = useEnumLabel("postType", POST_TYPES);
  const { data } = usePost(id);
  const post = data.data;
  // «Отклонён» for a post rejected through the dashboard; «Отменён» for one canceled elsewhere.
  const rejected = useDashboardReject(id, post.status) !== null;
  return (
    <div className="space-y-2">
      <StaleNote meta={data.meta} />
      <h1 className="text-2xl font-semibold">{t("title", { id: post.task_id })}</h1>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="inline-flex items-center gap-1">
          <span className="text-zinc-600 dark:text-zinc-400">{t("status")}:</span>
          {rejected ? <RejectedBadge /> : <PostStatusBadge status={post.status} />}
        </span>
        <span>
          <span className="text-zinc-600 dark:text-zinc-400">{t("type")}:</span> {typeLabel(post.post_type)}
        </span>
        <span>
          <span className="text-zinc-600 dark:text-zinc-400">{t("campaign")}:</span>{" "}
          <Link href={`/campaigns/${post.campaign_id}`} className={linkClass}>
            {post.campaign_name}
          </Link>
        </span>
        <Link href={`/posts/${post.task_id}/engagement`} className={linkClass}>
          {t("engagementTab")}
        </Link>
      </div>
    </div>
  );
}
