"use client";

import { useTranslations, useFormatter } from "next-intl";
import { useCallback, useMemo } from "react";
import { linkTimes, useLinkExpiry } from "@/components/media/use-link-expiry";
import { DecisionNotes, useDecisionOffer, usable } from "@/components/post/decision-offer";
import { BlockedNote, FlaggedConfirm, NO_FLAGS, useApproveButton, type ApproveFlags, type Confirmed } from "@/components/post/flagged-approve";
import { useIsAdmin } from "@/components/shell/viewer-role";
import { PostStatusBadge } from "@/components/post/status-badge";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/query-states";
import type { DataMeta } from "@/lib/api/envelope";
import type { Media, PostDetail } from "@/lib/schemas";
import { mediaExpired } from "./media-thumb";
import { PreviewHint } from "./preview-hint";
import { PreviewMedia } from "./preview-media";
import type { TriagePost } from "./source";
import { UrgencyBadge } from "./urgency-badge";
import type { Pin } from "./versions";

/** The selected post's detail as its query has it (the post page's cache entry). */
export type PaneDetail = { data: PostDetail; meta: DataMeta; updatedAt: number };

type Props = {
  post: TriagePost | null;
  /** When the list carrying `post` was fetched (its media links lapse from then). */
  fetchedAt?: string;
  detail: PaneDetail | undefined;
  detailError?: unknown;
  onDetailRefresh: () => void;
  /** The version a decision here sends: undefined until the detail has loaded (buttons wait for it). */
  pin: Pin | undefined;
  /** Shown instead of the buttons when the text changed since it was read (the version notice). */
  changed?: React.ReactNode;
  /** Beside the status: the over-limit flag of the post's channels. */
  flags?: React.ReactNode;
  canDecide: boolean;
  /** The list the post comes from can be read now (not failing, nor retrying after a failure). */
  readable: boolean;
  pending: boolean;
  busy: boolean;
  /** The inbox names each post's campaign. */
  showCampaign?: boolean;
  /** What stops a one-tap approve of this post (over a limit, blocking checks): the button names it and asks. */
  approveFlags?: ApproveFlags;
  /** The confirmation of a flagged approve is open (its button, or `a` on the post). */
  confirming?: boolean;
  onConfirmingChange?: (open: boolean) => void;
  /** `confirmed`: a flagged post's confirmation (its audit note, an admin's override). */
  onApprove: (id: number, confirmed?: Confirmed) => void;
  onReject: (id: number) => void;
  onClose?: () => void;
  /** The pane appears twice (side pane, phone sheet): each copy needs its own id. */
  headingId: string;
};

/**
 * The selected row in full without leaving the list: media first, then the
 * text of the version the buttons will send (from the post's detail, loaded
 * here and shared with the post page), then a link to the whole post.
 */
export function PreviewPane(props: Props) {
  const { post, detail, pin, changed, canDecide, readable, pending, busy, onApprove, onReject, onClose, headingId } = props;
  const t = useTranslations("review.queue.preview");
  const tt = useTranslations("review.triage.preview");
  const format = useFormatter();
  const offerFor = useDecisionOffer();
  const admin = useIsAdmin();
  const approveButton = useApproveButton();
  if (!post) return <PreviewHint />;
  // The detail is the post as it is now; the list's row may be a poll behind.
  const shown = detail?.data.task_id === post.task_id ? detail : undefined;
  const offer = offerFor(post.status, readable);
  const waiting = pin === undefined && !props.detailError;
  const blocked = busy || pending || pin === undefined || changed != null;
  const updatedAt = shown?.data.updated_at ?? post.updated_at;
  const text = shown ? shown.data.text : post.text;
  const flags = props.approveFlags ?? NO_FLAGS;
  const button = approveButton(flags, admin, t("approve"));
  const asking = props.confirming === true && (button.mode === "confirm" || button.mode === "override");

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 p-4" data-preview-post={post.task_id}>
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-base font-semibold">
            {t("title", { id: post.task_id })}
          </h2>
          {props.showCampaign && <p className="text-sm text-zinc-700 dark:text-zinc-300">{post.campaign_name}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
            <PostStatusBadge status={post.status} />
            {post.urgency && <UrgencyBadge urgency={post.urgency} />}
            {props.flags}
            {typeof pin === "number" && <span data-preview-version={pin}>{tt("version", { version: pin })}</span>}
            {updatedAt && <span>{t("updated", { when: format.dateTime(new Date(updatedAt), { dateStyle: "short", timeStyle: "short" }) })}</span>}
          </p>
        </div>
        {onClose && (
          <Button size="sm" variant="ghost" className="shrink-0" onClick={onClose}>
            {t("close")}
          </Button>
        )}
      </header>

      {canDecide && changed}
      {canDecide && !changed && (
        <div className="flex flex-wrap items-center gap-2">
          {offer.approve && (
            <Button
              size="sm"
              variant="success"
              disabled={blocked || !usable(offer, "approve") || button.mode === "blocked"}
              onClick={() => (button.mode === "plain" ? onApprove(post.task_id) : props.onConfirmingChange?.(true))}
              aria-keyshortcuts="a"
              data-flagged={button.mode === "plain" ? undefined : button.mode}
              aria-expanded={button.mode === "confirm" || button.mode === "override" ? asking : undefined}
              // The button names the problem: it may take a line of its own on a narrow pane.
              className="h-auto min-h-8 max-w-full whitespace-normal text-left"
            >
              {button.mode !== "plain" && <span aria-hidden="true">{button.icon}</span>}
              {button.label}
            </Button>
          )}
          {offer.reject && (
            <Button size="sm" variant="danger" disabled={blocked || !usable(offer, "reject")} onClick={() => onReject(post.task_id)} aria-keyshortcuts="r">
              {t("reject")}
            </Button>
          )}
          <OpenLink id={post.task_id} />
          <DecisionNotes notes={waiting && (offer.approve || offer.reject) ? [...offer.notes, tt("loadingVersion")] : offer.notes} className="basis-full" />
        </div>
      )}
      {canDecide && !changed && offer.approve && asking && !pending && (
        <FlaggedConfirm flags={flags} autoFocus onConfirm={(c) => onApprove(post.task_id, c)} onCancel={() => props.onConfirmingChange?.(false)} />
      )}
      {canDecide && !changed && offer.approve && button.mode === "blocked" && <BlockedNote flags={flags} />}
      {!canDecide && <OpenLink id={post.task_id} />}
      {props.detailError != null && !shown && <ErrorState error={props.detailError} onRetry={props.onDetailRefresh} />}

      <PaneMedia media={shown ? shown.data.media : post.media} detail={shown} listFetchedAt={props.fetchedAt} onRefresh={props.onDetailRefresh} />
      <p className="whitespace-pre-wrap break-words text-sm leading-relaxed" data-preview-text>
        {text || t("noText")}
      </p>
    </article>
  );
}

function OpenLink({ id }: { id: number }) {
  const t = useTranslations("review.queue.preview");
  return (
    <Link href={`/posts/${id}`} className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-blue-800 underline dark:text-blue-300">
      {t("open")}
    </Link>
  );
}

/** Media links lapse: the detail's are refreshed before they do (by refetching it); the list's only say so. */
function PaneMedia({ media, detail, listFetchedAt, onRefresh }: { media: Media | null; detail: PaneDetail | undefined; listFetchedAt?: string; onRefresh: () => void }) {
  const times = useMemo(
    () => (media && detail ? linkTimes(detail.meta.fetchedAt, detail.updatedAt, media.expires_in) : null),
    [media, detail],
  );
  const refresh = useCallback(() => onRefresh(), [onRefresh]);
  const { expired } = useLinkExpiry(times, refresh);
  const lapsed = detail ? expired : mediaExpired(media, listFetchedAt);
  return <PreviewMedia media={media} expired={lapsed} onRetry={refresh} />;
}
