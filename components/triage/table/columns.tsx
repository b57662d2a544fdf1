"use client";

import { createColumnHelper, rowSelectionFeature, tableFeatures } from "@tanstack/react-table";
import { useTranslations, useFormatter } from "next-intl";
import { createContext, useContext } from "react";
import Link from "next/link";
import { labelIn, type KeyOf, type TranslatorFor } from "@/i18n/keys";
import { postBody, postTitle } from "@/lib/posts/title";
import type { Post } from "@/lib/schemas";
import { Button } from "@/components/ui/button";
import { MediaThumb } from "../media-thumb";
import type { TriagePost } from "../source";
import { UrgencyBadge } from "../urgency-badge";
import { PostStatusBadge } from "@/components/post/status-badge";

export const triageFeatures = tableFeatures({ rowSelectionFeature });
/** The table's meta: how a card opens its post's preview. */
export type TriageTableMeta = { onOpen: (id: number) => void };
const metaOf = (table: { options: { meta?: unknown } }) => table.options.meta as TriageTableMeta | undefined;

/**
 * What some cells read besides their post, passed by context rather than the
 * table's meta: a row is redrawn when the meta changes, and the answer's time
 * changes on most polls. Through context only the media cells (expiry) and
 * the status cells ("approving…") follow.
 */
export const TriageFetchedAt = createContext<string | undefined>(undefined);
/** Posts approved from the keyboard and waiting out their undo window. */
export const TriagePending = createContext<ReadonlySet<number>>(new Set());
/** Marks shown under a post's excerpt (the over-limit flag), drawn by the page that knows the channels. */
export const TriageRowFlags = createContext<((post: TriagePost) => React.ReactNode) | null>(null);

const helper = createColumnHelper<typeof triageFeatures, TriagePost>();

function HeaderText({ k }: { k: KeyOf<TranslatorFor<"review.queue.columns">> }) {
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
  const t = useTranslations("review.postType");
  return <>{labelIn(t, type)}</>;
}

function Excerpt({ post }: { post: TriagePost }) {
  const t = useTranslations("review.queue");
  const flags = useContext(TriageRowFlags);
  // The title (the first line) beside the number, then the start of the rest (lib/posts/title.ts).
  const title = postTitle(post.text);
  const rest = postBody(post.text);
  const body = rest.length > 160 ? `${rest.slice(0, 160).trimEnd()}…` : rest;
  return (
    <span className="block min-w-40">
      <Link href={`/posts/${post.task_id}`} className="font-medium text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300">
        {t("postNumber", { id: post.task_id })}
      </Link>{" "}
      <span data-post-title className={title ? "font-semibold text-zinc-900 dark:text-zinc-100" : "text-zinc-800 dark:text-zinc-200"}>
        {title || t("noText")}
      </span>
      {body && <span className="line-clamp-2 text-zinc-800 dark:text-zinc-200">{body}</span>}
      {flags?.(post)}
    </span>
  );
}

/** The campaign, and under it the post's type (the inbox has no room for a column of its own). */
function Campaign({ post }: { post: TriagePost }) {
  return (
    <span className="flex min-w-28 flex-col">
      <span className="text-zinc-800 dark:text-zinc-200">{post.campaign_name}</span>
      <span className="text-xs text-zinc-700 dark:text-zinc-300">
        <PostType type={post.post_type} />
      </span>
    </span>
  );
}

function UrgencyAndStatus({ post }: { post: TriagePost }) {
  const t = useTranslations("review.queue");
  const pending = useContext(TriagePending).has(post.task_id);
  return (
    <span className="flex flex-col items-start gap-1">
      {post.urgency && <UrgencyBadge urgency={post.urgency} />}
      {pending ? <span className="text-xs text-zinc-700 dark:text-zinc-300">{t("approving")}</span> : post.status !== "WAITING_APPROVAL" && <PostStatusBadge status={post.status} />}
    </span>
  );
}

/** Columns a table between 640 and 768 px can do without (the preview pane shows the update time). */
const WIDE_ONLY = "hidden md:table-cell";

// Module-level, so the column definitions (and the cell components in them) keep their identity across renders.
const select = helper.display({
  id: "select",
  header: ({ table }) => <SelectAll checked={table.getIsAllPageRowsSelected()} indeterminate={table.getIsSomePageRowsSelected()} onChange={() => table.toggleAllPageRowsSelected()} />,
  cell: ({ row }) => <SelectOne id={row.original.task_id} checked={row.getIsSelected()} onChange={() => row.toggleSelected()} />,
  meta: { card: "select" },
});
const status = helper.accessor("status", {
  header: () => <HeaderText k="status" />,
  cell: (c) => <Status status={c.getValue()} id={c.row.original.task_id} />,
  meta: { card: "badge" },
});
// In the inbox every row starts as "waiting for approval": the status shows beside the urgency only once it is
// something else (decided here, or "approving…" in its undo window), which saves a column of the same badge.
const urgency = helper.accessor("urgency", {
  header: () => <HeaderText k="urgency" />,
  cell: (c) => <UrgencyAndStatus post={c.row.original} />,
  meta: { card: "badge" },
});
const campaign = helper.accessor("campaign_name", { header: () => <HeaderText k="campaign" />, cell: (c) => <Campaign post={c.row.original} /> });
const type = helper.accessor("post_type", { header: () => <HeaderText k="type" />, cell: (c) => <PostType type={c.getValue()} />, meta: { className: WIDE_ONLY } });
const text = helper.accessor("text", { header: () => <HeaderText k="text" />, cell: (c) => <Excerpt post={c.row.original} />, meta: { card: "title" } });
const media = helper.accessor("media", { header: () => <HeaderText k="media" />, cell: (c) => <Media media={c.getValue()} />, meta: { card: "aside" } });
const publishAt = helper.accessor("published_at", { header: () => <HeaderText k="publishAt" />, cell: (c) => <PublishTime post={c.row.original} /> });
const updatedAt = helper.accessor("updated_at", { header: () => <HeaderText k="updatedAt" />, cell: (c) => <When value={c.getValue()} />, meta: { className: WIDE_ONLY } });
// A card has no row to click with the keyboard: this button opens the preview (with approve and reject).
const open = helper.display({
  id: "open",
  cell: (c) => <OpenPreview id={c.row.original.task_id} onOpen={metaOf(c.table)?.onOpen} />,
  meta: { only: "cards", card: "actions" },
});

/** The columns of each list: a campaign's queue, and the inbox (urgency and campaign instead of the update time). */
export const TRIAGE_COLUMNS = {
  queue: helper.columns([select, status, type, text, media, publishAt, updatedAt, open]),
  inbox: helper.columns([select, urgency, campaign, text, media, publishAt, open]),
};
export type TriageColumnSet = keyof typeof TRIAGE_COLUMNS;

function Status({ status, id }: { status: string; id: number }) {
  const t = useTranslations("review.queue");
  const pending = useContext(TriagePending).has(id);
  return (
    <>
      <PostStatusBadge status={status} />
      {pending && <span className="mt-1 block text-xs text-zinc-700 dark:text-zinc-300">{t("approving")}</span>}
    </>
  );
}

function Media({ media }: { media: Post["media"] }) {
  return <MediaThumb media={media} fetchedAt={useContext(TriageFetchedAt)} />;
}

function OpenPreview({ id, onOpen }: { id: number; onOpen: ((id: number) => void) | undefined }) {
  const t = useTranslations("review.queue.preview");
  if (!onOpen) return null;
  return (
    <Button size="sm" onClick={() => onOpen(id)} aria-label={t("showLabel", { id })}>
      {t("show")}
    </Button>
  );
}

/** In the table header the text is for screen readers only; above the cards it is shown. */
function SelectAll({ checked, indeterminate, onChange }: { checked: boolean; indeterminate: boolean; onChange: () => void }) {
  const t = useTranslations("review.queue");
  return (
    <label className="inline-flex items-center gap-2 normal-case tracking-normal">
      <input
        type="checkbox"
        className="h-4 w-4 accent-blue-700"
        checked={checked}
        ref={(el) => {
          if (el) el.indeterminate = indeterminate && !checked;
        }}
        onChange={onChange}
      />
      <span className="sm:sr-only">{t("selectPage")}</span>
    </label>
  );
}

function SelectOne({ id, checked, onChange }: { id: number; checked: boolean; onChange: () => void }) {
  const t = useTranslations("review.queue");
  return <input type="checkbox" className="h-4 w-4 accent-blue-700" aria-label={t("selectPost", { id })} checked={checked} onChange={onChange} />;
}
