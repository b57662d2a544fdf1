"use client";

import { createColumnHelper, rowSelectionFeature, tableFeatures } from "@tanstack/react-table";
import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import type { Post } from "@/lib/schemas";
import { MediaThumb } from "../media-thumb";
import { PostStatusBadge } from "@/components/post/status-badge";

export const queueFeatures = tableFeatures({ rowSelectionFeature });
export type QueueRow = Post;
/** Per-table context the cells read (the answer's time, for media expiry). */
export type QueueTableMeta = { fetchedAt?: string };

const helper = createColumnHelper<typeof queueFeatures, QueueRow>();

function HeaderText({ k }: { k: string }) {
  const t = useTranslations("review.queue.columns");
  return <>{t(k)}</>;
}

function When({ value }: { value: string | null }) {
  const format = useFormatter();
  if (!value) return <span className="text-zinc-600 dark:text-zinc-400">—</span>;
  return <time dateTime={value}>{format.dateTime(new Date(value), { dateStyle: "short", timeStyle: "short" })}</time>;
}

/** published_at is the publication time once published, the planned time before (product decision). */
function PublishTime({ post }: { post: Post }) {
  const t = useTranslations("review.queue");
  const published = post.status === "PUBLISHED" || post.status === "PARTIALLY_PUBLISHED";
  return (
    <span className="flex flex-col">
      <When value={post.published_at} />
      {post.published_at && <span className="text-xs text-zinc-600 dark:text-zinc-400">{published ? t("published") : t("planned")}</span>}
    </span>
  );
}

function PostType({ type }: { type: string }) {
  const t = useTranslations("review");
  return <>{t.has(`postType.${type}`) ? t(`postType.${type}`) : type}</>;
}

function Excerpt({ post }: { post: Post }) {
  const t = useTranslations("review.queue");
  const text = post.text.length > 160 ? `${post.text.slice(0, 160).trimEnd()}…` : post.text;
  return (
    <span className="block min-w-40">
      <Link unstable_dynamicOnHover href={`/posts/${post.task_id}`} className="font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300">
        {t("postNumber", { id: post.task_id })}
      </Link>{" "}
      <span className="line-clamp-2 text-zinc-800 dark:text-zinc-200">{text || t("noText")}</span>
    </span>
  );
}

export const queueColumns = helper.columns([
  helper.display({
    id: "select",
    header: ({ table }) => <SelectAll checked={table.getIsAllPageRowsSelected()} indeterminate={table.getIsSomePageRowsSelected()} onChange={() => table.toggleAllPageRowsSelected()} />,
    cell: ({ row }) => <SelectOne id={row.original.task_id} checked={row.getIsSelected()} onChange={() => row.toggleSelected()} />,
  }),
  helper.accessor("status", { header: () => <HeaderText k="status" />, cell: (c) => <PostStatusBadge status={c.getValue()} /> }),
  helper.accessor("post_type", { header: () => <HeaderText k="type" />, cell: (c) => <PostType type={c.getValue()} /> }),
  helper.accessor("text", { header: () => <HeaderText k="text" />, cell: (c) => <Excerpt post={c.row.original} /> }),
  helper.accessor("media", {
    header: () => <HeaderText k="media" />,
    cell: (c) => <MediaThumb media={c.getValue()} fetchedAt={(c.table.options.meta as QueueTableMeta | undefined)?.fetchedAt} />,
  }),
  helper.accessor("published_at", { header: () => <HeaderText k="publishAt" />, cell: (c) => <PublishTime post={c.row.original} /> }),
  helper.accessor("updated_at", { header: () => <HeaderText k="updatedAt" />, cell: (c) => <When value={c.getValue()} /> }),
]);

function SelectAll({ checked, indeterminate, onChange }: { checked: boolean; indeterminate: boolean; onChange: () => void }) {
  const t = useTranslations("review.queue");
  return (
    <input
      type="checkbox"
      className="h-4 w-4 accent-blue-700"
      aria-label={t("selectPage")}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate && !checked;
      }}
      onChange={onChange}
    />
  );
}

function SelectOne({ id, checked, onChange }: { id: number; checked: boolean; onChange: () => void }) {
  const t = useTranslations("review.queue");
  return <input type="checkbox" className="h-4 w-4 accent-blue-700" aria-label={t("selectPost", { id })} checked={checked} onChange={onChange} />;
}
