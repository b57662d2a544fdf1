"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { PostChecks } from "@/components/checks/post-checks";
import { PresenceLine } from "@/components/collab/presence-line";
import { SignoffNotice } from "@/components/collab/signoff-notice";
import { MediaPanel } from "@/components/media/media-panel";
import { ShareButton } from "@/components/share/share-button";
import { SendCard } from "@/components/messengers/send-card";
import { BrowserOnly } from "@/lib/queries/browser-only";
import { DecidableOnly } from "./decidable-only";
import { DecisionPanel } from "./decision-panel";
import { EngagementSummary } from "./engagement-summary";
import { PostOverLimit } from "./over-limit-flag";
import { PanelSkeleton } from "./panel-skeleton";
import { PlatformPreviews } from "./platform-previews";
import { Panel, SummaryBoundary } from "./post-panels";
import { PostSummary } from "./post-summary";
import { PostText } from "./post-text";
import { PostTimeline } from "./post-timeline";
import { PublishRecords } from "./publish-records";
import { VersionsPanel } from "./versions-panel";

/**
 * The panels after the text are laid out only as they scroll near (`content-visibility: auto`,
 * each keeping its last height, or about a panel's): on a phone they start a screen or more below
 * the fold, and the first layout of the page (its text shaped in every panel, the previews
 * repeating the post's text per platform) was the longest task of a phone's first load.
 * The contents stay in the accessibility tree and in find-in-page.
 */
const LAYOUT_WHEN_NEAR = "[&>*]:[contain-intrinsic-size:auto_20rem] [&>*]:[content-visibility:auto]";
const LATER_PANELS = "[&>*:not(:first-child)]:[contain-intrinsic-size:auto_20rem] [&>*:not(:first-child)]:[content-visibility:auto]";

/**
 * The post page's panels, laid out. When the server read the post and its campaign (`ready`),
 * the panels that draw only from those render without Suspense boundaries: React streams every
 * boundary past the first 12.8 kB of the HTML as a separate part and reveals it 300 ms after the
 * first paint, so the page's largest paint waited for its scripts. The panels the dashboard's
 * database answers (comments, verdicts, the decision history) come from the server as slots.
 */
export function PostPageLayout({
  id,
  ready,
  me,
  canDecide,
  canShare,
  previewsInBrowser,
  comments,
  verdicts,
  history,
  sendTo = [],
}: {
  id: number;
  /** The post and its campaign are in the cache from the server's first-load read. */
  ready: boolean;
  me: string;
  canDecide: boolean;
  canShare: boolean;
  /** The campaign could not be read on the server: the previews fetch it in the browser, with their own error state. */
  previewsInBrowser: boolean;
  comments: ReactNode;
  verdicts: ReactNode;
  history: ReactNode;
  /** The messengers the person linked whose bots run: «Отправить в Telegram» / «в MAX» are offered for these. */
  sendTo?: readonly ("telegram" | "max")[];
}) {
  const t = useTranslations("review.post");
  const tc = useTranslations("review.checks");
  const previews = (
    <Panel title={t("panels.previews")} id="previews" lines={6} ready={ready && !previewsInBrowser}>
      <PlatformPreviews id={id} />
    </Panel>
  );
  return (
    <div className="space-y-6">
      <SummaryBoundary ready={ready}>
        <PostSummary id={id} />
      </SummaryBoundary>
      {/* Who else has the post open, and beside it the link for people without an account to read
          and decide this post (editors, admins): one row, not a reserved empty line above a button. */}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <PresenceLine id={id} me={me} />
        </div>
        <div className="flex flex-wrap gap-2">
          {sendTo.map((to) => (
            <SendCard key={to} id={id} to={to} />
          ))}
          {canShare && (
            <DecidableOnly id={id}>
              <ShareButton target={{ task_id: id }} />
            </DecidableOnly>
          )}
        </div>
      </div>
      {/* On phones the columns dissolve (display: contents) into one flex column with the decision
          panel first and the right column's other panels last; from lg up, two columns with the
          decision panel atop the right one. It comes first in the document too: the browser paints
          the HTML as it arrives, and a panel placed first by CSS but arriving last pushed the text
          down under the reader (CLS 0.1). From lg up the right column runs the page's whole height
          and the decision panel sticks to the top of the window while the text, versions and
          previews scroll, so the decision stays in reach while reading: the column's other panels pass under it, and a panel taller
          than the window scrolls inside itself rather than being cut. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="contents lg:col-start-3 lg:row-start-1 lg:flex lg:min-w-0 lg:flex-col lg:gap-6 lg:self-stretch">
          {canDecide && (
            // The sticky band's own page-coloured top padding hides what passes under it above the card.
            <div className="lg:sticky lg:top-0 lg:z-10 lg:-mt-4 lg:bg-white lg:pt-4 lg:dark:bg-zinc-950">
              <Panel title={t("panels.decision")} id="decision" lines={2} className="lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto lg:shadow-md" ready={ready}>
                <PostOverLimit id={id} />
                <SignoffNotice id={id} />
                <DecisionPanel id={id} />
              </Panel>
            </div>
          )}
          <div className={`flex min-w-0 flex-col gap-6 max-lg:order-last lg:block lg:space-y-6 ${LAYOUT_WHEN_NEAR}`}>
            {verdicts}
            <Panel title={t("panels.timeline")} id="timeline" lines={4} ready={ready}>
              <PostTimeline id={id} />
            </Panel>
            <Panel title={t("panels.engagement")} id="engagement" lines={5} ready={ready}>
              <EngagementSummary id={id} />
            </Panel>
            {history}
          </div>
        </div>
        <div className={`contents min-w-0 lg:col-span-2 lg:col-start-1 lg:row-start-1 lg:block lg:space-y-6 ${LATER_PANELS}`}>
          <Panel title={t("panels.text")} id="text" ready={ready}>
            <PostText id={id} />
          </Panel>
          <Panel title={tc("title")} id="checks" lines={2} ready={ready}>
            <PostChecks id={id} />
          </Panel>
          <Panel title={t("panels.media")} id="media" lines={6} ready={ready}>
            <MediaPanel id={id} />
          </Panel>
          <Panel title={t("panels.versions")} id="versions" lines={6} ready={ready}>
            <VersionsPanel id={id} />
          </Panel>
          {previewsInBrowser ? <BrowserOnly fallback={<PanelSkeleton title={t("panels.previews")} lines={6} />}>{previews}</BrowserOnly> : previews}
          <Panel title={t("panels.records")} id="records" ready={ready}>
            <PublishRecords id={id} />
          </Panel>
          {comments}
        </div>
      </div>
    </div>
  );
}
