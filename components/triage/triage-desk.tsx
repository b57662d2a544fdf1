"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CheckRowMark, useRowChecks } from "@/components/checks/row-mark";
import { OverLimitFlag, useCampaignPlatforms } from "@/components/post/over-limit-flag";
import { RejectDialog } from "@/components/post/reject-dialog";
import { Button } from "@/components/ui/button";
import { SkeletonLines } from "@/components/ui/skeleton";
import { ErrorState, StaleNote } from "@/components/ui/query-states";
import { BulkBar } from "./bulk-bar";
import { LiveStatus } from "./live-status";
import { PreloadPost } from "./preload-post";
import { PreviewHint } from "./preview-hint";
import type { TriagePost, TriageSource } from "./source";
import { TriageRowFlags } from "./table/columns";
import { RowMarks, useCampaignSteps, useRowFacts } from "@/components/collab/row-marks";
import { TriageDataTable } from "./table/data-table";
import { TriageTableSkeleton } from "./table/skeleton";
import type { TriageColumnSet } from "./table/columns";
import { useTriageDesk } from "./use-triage-desk";
import type { Confirmed } from "@/components/post/flagged-approve";
import { useToastInset } from "@/components/ui/use-toast-inset";

// What shows only after a key or a bulk decision loads then, not with the queue.
const KeysDialog = dynamic(() => import("./keys-dialog").then((m) => m.KeysDialog));
const BulkConfirmDialog = dynamic(() => import("./bulk-confirm").then((m) => m.BulkConfirmDialog));
const BulkProgress = dynamic(() => import("./bulk-progress").then((m) => m.BulkProgress));
const VersionChangedNotice = dynamic(() => import("@/components/post/version-changed").then((m) => m.VersionChangedNotice));
// The preview's body (media, the decision buttons, a flagged post's confirmation) loads when a row is
// first chosen: until then the pane shows its hint, which needs none of it.
const PreviewPane = dynamic(() => import("./preview-pane").then((m) => m.PreviewPane), {
  loading: () => (
    <div className="p-4" aria-busy="true">
      <SkeletonLines lines={4} />
    </div>
  ),
});

type Props = {
  source: TriageSource;
  canDecide: boolean;
  /** Which columns the rows show (the queue's, or the inbox's with urgency and campaign). */
  columns: TriageColumnSet;
  title: React.ReactNode;
  /** Under the title: the campaign's name, the data's freshness. */
  subtitle?: React.ReactNode;
  filters?: React.ReactNode;
  /** What shows when the list is empty (it knows its filters). */
  empty: React.ReactNode;
  /** Under the rows: the pagination, given the total. */
  footer?: (total: number) => React.ReactNode;
  tableLabel: string;
  caption: (total: number) => string;
  /** Prefix of the preview headings' ids. */
  idPrefix: string;
};

/**
 * One triage desk for every list of posts waiting for a decision (a campaign's
 * queue, the inbox across campaigns): the rows with a keyboard cursor, the
 * preview pane beside them (a sheet on phones), decisions, selection and bulk
 * jobs, live updates. The page gives the data source and its own header,
 * filters, empty state and pagination.
 */
export function TriageDesk({ source, canDecide, columns, title, subtitle, filters, empty, footer, tableLabel, caption, idPrefix }: Props) {
  const t = useTranslations("review.queue");
  const desk = useTriageDesk(source, canDecide);
  const { query } = source;
  const { triage, posts, ids, decisions, bulk, cursorPost, detail } = desk;
  // `data-interactive` is written on the element once the desk's effects (the keys) are in place,
  // not rendered from state: a state change would render the whole desk again right after hydrating.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => root.current?.setAttribute("data-interactive", "true"), []);
  const [sheetOpen, setSheetOpen] = useState(false);
  // The phone sheet's decision buttons stay clear of the toasts: they rise above it while it shows.
  const sheetRef = useRef<HTMLElement>(null);
  useToastInset(sheetRef, "triage-sheet", sheetOpen);
  const [focusToken, setFocusToken] = useState(0);

  // A j/k press moves focus to the new cursor row; clicks do not steal focus.
  const lastCursor = useRef(triage.cursorId);
  useEffect(() => {
    if (triage.cursorId !== lastCursor.current && document.activeElement?.closest("input, textarea, select, a, button") == null) {
      setFocusToken((n) => n + 1);
    }
    lastCursor.current = triage.cursorId;
  }, [triage.cursorId]);

  // The channels' limits, per campaign on screen (one cached read each), for the over-limit flags.
  const campaignIds = useMemo(() => [...new Set(posts.map((p) => p.campaign_id))], [posts]);
  const platforms = useCampaignPlatforms(campaignIds);
  // Verdicts and who has each post open (database only), under each row's excerpt.
  const rowFacts = useRowFacts(ids);
  // Each campaign's approval steps (database only), for the «2 шага» badge.
  const steps = useCampaignSteps(campaignIds);
  // The checks' clean mark or counts by severity (lib/checks; database only).
  const checks = useRowChecks(ids);
  const flags = useCallback(
    (post: TriagePost) => (
      <>
        <OverLimitFlag post={post} platforms={platforms.get(post.campaign_id) ?? []} className="mt-1" />
        <CheckRowMark id={post.task_id} marks={checks} />
        <RowMarks id={post.task_id} facts={rowFacts} steps={steps.get(post.campaign_id)} />
      </>
    ),
    [platforms, rowFacts, checks, steps],
  );

  const fetchedAt = query.data?.meta.fetchedAt;
  const total = query.data?.data.total ?? 0;
  const { refetch: refetchDetail } = detail.query;
  const refreshDetail = useCallback(() => void refetchDetail(), [refetchDetail]);
  const cursorId = triage.cursorId;
  const change = detail.change;
  const notice =
    cursorId !== null && change ? (
      <VersionChangedNotice
        key={`${cursorId}:${change.seen}:${change.current}`}
        taskId={cursorId}
        seenVersion={change.seen}
        currentVersion={change.current}
        onDecide={(action, version) => {
          desk.acceptVersion(cursorId, version);
          // A flagged post's approve still asks (the preview's confirmation), on the new text too.
          if (action === "approve" && desk.flagMode === "plain") desk.approveNow(cursorId, version);
          else if (action === "approve") desk.setFlagConfirm(cursorId);
          else desk.askReject(cursorId, version, "single");
        }}
        // Leaving it: the new text is on screen now, and it is the one the buttons send.
        onCancel={() => desk.acceptVersion(cursorId, change.current)}
      />
    ) : null;
  const previewProps = {
    post: cursorPost,
    fetchedAt,
    detail: detail.data ? { data: detail.data.data, meta: detail.data.meta, updatedAt: detail.query.dataUpdatedAt } : undefined,
    detailError: detail.query.isError ? detail.query.error : undefined,
    onDetailRefresh: refreshDetail,
    pin: detail.seen,
    changed: notice,
    flags: cursorPost ? <OverLimitFlag post={detail.data?.data ?? cursorPost} platforms={platforms.get(cursorPost.campaign_id) ?? []} /> : null,
    canDecide,
    readable: desk.readable,
    showCampaign: columns === "inbox",
    pending: cursorPost ? desk.pendingIds.includes(cursorPost.task_id) : false,
    busy: cursorPost ? decisions.busy.includes(cursorPost.task_id) : false,
    approveFlags: desk.flags,
    confirming: cursorPost !== null && desk.flagConfirm === cursorPost.task_id,
    onConfirmingChange: (open: boolean) => desk.setFlagConfirm(open && cursorPost ? cursorPost.task_id : null),
    onApprove: (id: number, confirmed?: Confirmed) => detail.seen !== undefined && desk.approveNow(id, detail.seen, confirmed),
    onReject: (id: number) => desk.askReject(id, detail.seen, "single"),
  };

  return (
    // The rows come in the server's HTML; the keys work once this is hydrated, which
    // `data-interactive` says (journeys wait for it before pressing keys).
    <div ref={root} className="flex flex-col gap-4">
      <PreloadPost {...desk.preload} />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {/* The line is kept before the posts arrive, so nothing below moves when it fills. */}
          <div className="min-h-5 text-sm text-zinc-700 dark:text-zinc-300">{subtitle}</div>
        </div>
        <div className="flex items-center gap-3">
          <LiveStatus fetchedAt={fetchedAt} ids={query.data ? ids : undefined} viewKey={source.viewKey} refreshing={query.isFetching && !query.isPending} />
          {/* A phone has no keyboard to use the keys with: the button would only take a line there. */}
          <Button size="sm" className="hidden sm:inline-flex" onClick={() => desk.setHelpOpen(true)} aria-keyshortcuts="?">
            {t("keysButton")}
          </Button>
        </div>
      </header>

      {!canDecide && <p className="rounded-md bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-900">{t("readOnly")}</p>}
      {filters}

      {canDecide && (
        <BulkBar
          count={triage.selected.length}
          approvable={desk.approvable.length}
          rejectable={desk.rejectable.length}
          flagged={desk.leftOut}
          readable={desk.readable}
          busy={false}
          onApprove={() => desk.setConfirming(desk.approvable)}
          onReject={() => desk.setRejecting({ ids: desk.rejectable, source: "bulk" })}
          onClear={() => triage.setSelected([])}
        />
      )}
      {bulk.shownJobs.map((id) => (
        <BulkProgress key={id} jobId={id} onDone={bulk.onJobDone} onDismiss={() => bulk.dismiss(id)} />
      ))}

      <StaleNote meta={query.data?.meta} />
      <p role="status" aria-live="polite" className="sr-only">
        {desk.announcement}
      </p>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label={tableLabel} className="min-w-0">
          {query.isPending ? (
            <TriageTableSkeleton label={t("loading")} />
          ) : query.isError && !query.data ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : posts.length === 0 ? (
            empty
          ) : (
            <TriageRowFlags value={flags}>
              {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
              <TriageDataTable
                posts={posts}
                columns={columns}
                fetchedAt={fetchedAt}
                cursorId={triage.cursorId}
                focusToken={focusToken}
                selected={triage.selected}
                onSelectedChange={triage.setSelected}
                onRowClick={(id) => {
                  triage.setCursor(id);
                  setSheetOpen(true);
                }}
                pendingIds={desk.pendingIds}
                readOnly={!canDecide}
                caption={caption(total)}
              />
              {footer?.(total)}
            </TriageRowFlags>
          )}
        </section>

        <aside
          aria-label={t("preview.label")}
          className="hidden self-start rounded-lg border border-zinc-200 lg:sticky lg:top-4 lg:block lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto dark:border-zinc-800"
        >
          {cursorPost ? <PreviewPane {...previewProps} headingId={`${idPrefix}-preview-side`} /> : <PreviewHint />}
        </aside>
      </div>

      {sheetOpen && cursorPost && (
        <aside
          ref={sheetRef}
          aria-label={t("preview.label")}
          className="fixed inset-x-0 bottom-0 z-30 max-h-[75dvh] overflow-y-auto rounded-t-xl border-t border-zinc-200 bg-white shadow-2xl lg:hidden dark:border-zinc-700 dark:bg-zinc-900"
        >
          <PreviewPane {...previewProps} headingId={`${idPrefix}-preview-sheet`} onClose={() => setSheetOpen(false)} />
        </aside>
      )}

      {desk.helpOpen && <KeysDialog open onClose={() => desk.setHelpOpen(false)} readOnly={!canDecide} />}
      {desk.confirming && (
        <BulkConfirmDialog
          count={desk.confirming.length}
          campaigns={desk.campaignsOf(desk.confirming)}
          leftOut={desk.leftOut}
          onConfirm={desk.confirmBulkApprove}
          onCancel={() => desk.setConfirming(null)}
        />
      )}
      <RejectDialog
        open={desk.rejecting !== null}
        taskIds={desk.rejecting?.ids ?? []}
        campaignId={desk.rejectCampaign}
        initial={desk.rejecting?.initial}
        onCancel={() => desk.setRejecting(null)}
        onSubmit={(reason, category) => desk.confirmReject({ reason, category })}
      />
    </div>
  );
}
