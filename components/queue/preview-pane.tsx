"use client";

import { useFormatter, useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { Post } from "@/lib/schemas";
import { mediaExpired } from "./media-thumb";
import { DecisionNotes, useDecisionOffer, usable } from "@/components/post/decision-offer";
import { PostStatusBadge } from "@/components/post/status-badge";

type Props = {
  post: Post | null;
  fetchedAt?: string;
  canDecide: boolean;
  /** The list the post comes from can be read now (not failing, nor retrying after a failure). */
  readable: boolean;
  pending: boolean;
  busy: boolean;
  onApprove: (id: number) => void;
  onReject: (id: number) => void;
  onClose?: () => void;
  /** The pane appears twice (side pane, phone sheet): each copy needs its own id. */
  headingId: string;
};

/** The selected row in full: text and media, without leaving the queue. */
export function PreviewPane({ post, fetchedAt, canDecide, readable, pending, busy, onApprove, onReject, onClose, headingId }: Props) {
  const t = useTranslations("review.queue.preview");
  const format = useFormatter();
  const offerFor = useDecisionOffer();
  if (!post) {
    return <p className="p-4 text-sm text-zinc-700 dark:text-zinc-300">{t("empty")}</p>;
  }
  const expired = mediaExpired(post.media, fetchedAt);
  const offer = offerFor(post.status, readable);
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-base font-semibold">
            {t("title", { id: post.task_id })}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
            <PostStatusBadge status={post.status} />
            {post.updated_at && <span>{t("updated", { when: format.dateTime(new Date(post.updated_at), { dateStyle: "short", timeStyle: "short" }) })}</span>}
          </p>
        </div>
        {onClose && (
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t("close")}
          </Button>
        )}
      </header>

      {canDecide && (
        <div className="flex flex-wrap items-center gap-2">
          {offer.approve && (
            <Button size="sm" variant="success" disabled={busy || pending || !usable(offer, "approve")} onClick={() => onApprove(post.task_id)}>
              {t("approve")}
            </Button>
          )}
          {offer.reject && (
            <Button size="sm" variant="danger" disabled={busy || pending || !usable(offer, "reject")} onClick={() => onReject(post.task_id)}>
              {t("reject")}
            </Button>
          )}
          <AppLink href={`/posts/${post.task_id}`} className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-blue-800 underline dark:text-blue-300">
            {t("open")}
          </AppLink>
          <DecisionNotes notes={offer.notes} className="basis-full" />
        </div>
      )}
      {!canDecide && (
        <AppLink href={`/posts/${post.task_id}`} className="text-sm font-medium text-blue-800 underline dark:text-blue-300">
          {t("open")}
        </AppLink>
      )}

      <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{post.text || t("noText")}</p>
      <PreviewMedia post={post} expired={expired} />
    </article>
  );
}

function PreviewMedia({ post, expired }: { post: Post; expired: boolean }) {
  const t = useTranslations("review.queue.preview");
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const media = post.media;
  if (!media) return null;
  if (expired) {
    return <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t("expired")}</p>;
  }
  const markFailed = (url: string) => setFailed((s) => new Set(s).add(url));
  return (
    <div className="flex flex-col gap-2">
      {media.images.length > 0 && (
        <ul className="grid grid-cols-2 gap-2">
          {media.images.map((img, i) => (
            <li key={img.url}>
              {failed.has(img.url) ? (
                <span className="flex aspect-square items-center justify-center rounded bg-zinc-100 p-2 text-center text-xs dark:bg-zinc-800">{t("imageFailed")}</span>
              ) : (
                // Temporary third-party URLs: plain <img>, see media-thumb.tsx.
                // eslint-disable-next-line @next/next/no-img-element
                <img src={img.url} alt={t("imageAlt", { n: i + 1, total: media.images.length })} className="aspect-square w-full rounded object-cover" onError={() => markFailed(img.url)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {media.video && (
        <video controls preload="metadata" className="w-full rounded" aria-label={media.video.filename}>
          <source src={media.video.url} />
        </video>
      )}
      {media.documents.length > 0 && (
        <ul className="text-sm">
          {media.documents.map((doc) => (
            <li key={doc.url}>
              <a href={doc.url} target="_blank" rel="noreferrer" className="text-blue-800 underline dark:text-blue-300">
                {doc.filename}
              </a>{" "}
              <span className="text-zinc-700 dark:text-zinc-300">({t("size", { kb: Math.max(1, Math.round(doc.file_size / 1024)) })})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
