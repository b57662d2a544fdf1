"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useBlockedText } from "@/components/post/decision-offer";
import { RejectDialog } from "@/components/post/reject-dialog";
import { ErrorState, StaleNote } from "@/components/ui/query-states";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import type { Decidable, TriageEffect } from "@/lib/keyboard/triage";
import { usePendingApprovals } from "@/lib/keyboard/use-pending-approvals";
import { useTriageKeys } from "@/lib/keyboard/use-triage-keys";
import { canDecideOn, eligibleIds } from "@/lib/posts/transitions";
import { createBulkJob, recentBulkJobsOptions, type BulkJobDetail } from "@/lib/queries/bulk";
import { useLive } from "@/lib/events/live-events";
import { queuePostsOptions, queuePostsPrefix } from "@/lib/queries/queue";
import type { Post } from "@/lib/schemas";
import { QUEUE_DEFAULTS, lastPage } from "@/lib/url-state/queue";
import { BulkBar } from "./bulk-bar";
import { BulkProgress } from "./bulk-progress";
import { QueueFilters } from "./filters";
import { KeysDialog } from "./keys-dialog";
import { LiveStatus } from "./live-status";
import { PreviewPane } from "./preview-pane";
import { useStatusLabel } from "./status-badge";
import { QueueDataTable } from "./table/data-table";
import { QueueEmptyState } from "./table/empty-state";
import { QueuePagination } from "./table/pagination";
import { QueueTableSkeleton } from "./table/skeleton";
import { useDecisions, withOverrides } from "./use-decisions";
import { useUndoToasts } from "./undo-toasts";
import { useQueueUrl } from "./use-queue-url";

const NO_POSTS: Post[] = [];
type Rejecting = { ids: number[]; source: "single" | "keyboard" | "bulk" };

const noSubscription = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

export function QueueView({ campaignId, canDecide }: { campaignId: number; canDecide: boolean }) {
  const t = useTranslations("review.queue");
  const tb = useTranslations("review.bulk");
  const statusLabel = useStatusLabel();
  const blockedText = useBlockedText();
  const router = useRouter();
  const qc = useQueryClient();
  const [url, setUrl, hrefFor] = useQueueUrl();
  const live = useLive();
  const query = useQuery(queuePostsOptions(campaignId, url, live));
  const serverPosts = query.data?.data.posts ?? NO_POSTS;

  const decisions = useDecisions(campaignId, notify);
  const posts = useMemo(() => withOverrides(serverPosts, decisions.overrides), [serverPosts, decisions.overrides]);
  const ids = useMemo(() => posts.map((p) => p.task_id), [posts]);
  // Rows on screen from a list that is failing (or retrying after a failure) may be out of date: no decisions on them.
  const readable = query.status === "success";
  const decidable = useCallback<Decidable>(
    (id, action) => {
      const post = posts.find((p) => p.task_id === id);
      return readable && post !== undefined && canDecideOn(post.status, action);
    },
    [posts, readable],
  );
  const pendingApprovals = usePendingApprovals(decisions.sendKeyboardApproval);
  const pendingIds = useMemo(() => pendingApprovals.pending.map((p) => p.id), [pendingApprovals.pending]);
  useUndoToasts(pendingApprovals.pending, pendingApprovals.undo);

  const [helpOpen, setHelpOpen] = useState(false);
  const hydrated = useSyncExternalStore(noSubscription, isBrowser, isServer);
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [focusToken, setFocusToken] = useState(0);
  const dialogOpen = helpOpen || rejecting !== null;

  const onEffect = useCallback(
    (effect: TriageEffect) => {
      if (effect.type === "help") return setHelpOpen(true);
      if (effect.type === "open") return router.push(`/posts/${effect.id}`);
      if (!canDecide) return;
      if (effect.type === "unavailable") {
        const post = posts.find((p) => p.task_id === effect.id);
        return void notify("warning", t("toast.unavailable", { id: effect.id, reason: blockedText(post?.status ?? "", readable) }));
      }
      if (effect.type === "approve") pendingApprovals.schedule(effect.id);
      if (effect.type === "reject") setRejecting({ ids: [effect.id], source: "keyboard" });
    },
    [router, canDecide, posts, t, blockedText, readable, pendingApprovals],
  );
  const triage = useTriageKeys(ids, { onEffect, enabled: !dialogOpen, decidable });

  // A j/k press moves focus to the new cursor row; clicks do not steal focus.
  const lastCursor = useRef(triage.cursorId);
  useEffect(() => {
    if (triage.cursorId !== lastCursor.current && document.activeElement?.closest("input, textarea, select, a, button") == null) {
      setFocusToken((n) => n + 1);
    }
    lastCursor.current = triage.cursorId;
  }, [triage.cursorId]);

  // A page number past the end (rows left, a stale link) goes to the last page.
  const total = query.data?.data.total;
  useEffect(() => {
    if (total !== undefined && url.page > lastPage(total, url.size)) setUrl({ page: lastPage(total, url.size) });
  }, [total, url.page, url.size, setUrl]);

  // Bulk jobs: this visit's, plus unfinished ones found after a reload.
  const recent = useQuery({ ...recentBulkJobsOptions(campaignId), enabled: canDecide });
  const [jobIds, setJobIds] = useState<number[]>([]);
  const [dismissed, setDismissed] = useState<number[]>([]);
  const shownJobs = useMemo(() => {
    const open = (recent.data?.jobs ?? []).filter((j) => j.status !== "done").map((j) => j.id);
    return [...new Set([...jobIds, ...open])].filter((id) => !dismissed.includes(id)).sort((a, b) => b - a);
  }, [recent.data, jobIds, dismissed]);
  const [startingBulk, setStartingBulk] = useState(false);

  /** Starts a bulk job; throws when it could not be started (a reject's dialog shows that). */
  const startBulk = async (action: "approve" | "reject", taskIds: number[], reason?: string) => {
    setStartingBulk(true);
    try {
      const { job } = await createBulkJob({ action, task_ids: taskIds, reason, campaign_id: campaignId });
      setJobIds((list) => [job.id, ...list]);
      triage.setSelected([]);
    } finally {
      setStartingBulk(false);
    }
  };
  const approveBulk = (taskIds: number[]) =>
    startBulk("approve", taskIds).catch((e: unknown) => notify("error", tb("failed", { message: e instanceof Error ? e.message : String(e) })));
  const { applyStatuses } = decisions;
  const onJobDone = useCallback(
    (detail: BulkJobDetail) => {
      applyStatuses(detail.items.flatMap((i) => (i.status === "ok" && i.status_after ? [{ taskId: i.task_id, status: i.status_after }] : [])));
      void qc.invalidateQueries({ queryKey: queuePostsPrefix(campaignId) });
    },
    [qc, campaignId, applyStatuses],
  );

  // Resolves once sent (the dialog then closes); a failure stays in the dialog with the reason.
  const confirmReject = async (reason: string) => {
    if (!rejecting) return;
    const { ids: targets, source } = rejecting;
    if (source === "bulk") await startBulk("reject", targets, reason);
    else await Promise.all(targets.map((id) => decisions.reject(id, reason, source)));
    setRejecting(null);
  };

  const cursorPost = posts.find((p) => p.task_id === triage.cursorId) ?? null;
  const fetchedAt = query.data?.meta.fetchedAt;
  const viewKey = `${url.statuses.join(",")}|${url.sort}|${url.page}|${url.size}`;
  const isDefaultFilter = url.statuses.join(",") === QUEUE_DEFAULTS.statuses.join(",");
  const previewProps = {
    post: cursorPost,
    fetchedAt,
    canDecide,
    readable,
    pending: cursorPost ? pendingIds.includes(cursorPost.task_id) : false,
    busy: cursorPost ? decisions.busy.includes(cursorPost.task_id) : false,
    onApprove: (id: number) => void decisions.approve(id, "single"),
    onReject: (id: number) => setRejecting({ ids: [id], source: "single" }),
  };

  return (
    // The rows come in the server's HTML; the keys work once this is hydrated, which
    // `data-interactive` says (journeys wait for it before pressing keys).
    <div className="flex flex-col gap-4" data-interactive={hydrated ? "true" : undefined}>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          {/* The line is kept before the posts arrive, so nothing below moves when the name fills it. */}
          <p className="min-h-5 text-sm text-zinc-700 dark:text-zinc-300">
            {query.data && (
              <AppLink href={`/campaigns/${campaignId}`} className="text-blue-800 underline dark:text-blue-300">
                {query.data.data.campaign_name}
              </AppLink>
            )}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <LiveStatus fetchedAt={fetchedAt} ids={query.data ? ids : undefined} viewKey={viewKey} refreshing={query.isFetching && !query.isPending} />
          <Button size="sm" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
            {t("keysButton")}
          </Button>
        </div>
      </header>

      {!canDecide && <p className="rounded-md bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-900">{t("readOnly")}</p>}

      <QueueFilters statuses={url.statuses} sort={url.sort} onStatuses={(statuses) => setUrl({ statuses })} onSort={(sort) => setUrl({ sort })} />

      {canDecide && (
        <BulkBar
          count={triage.selected.length}
          approvable={eligibleIds(posts, triage.selected, "approve").length}
          rejectable={eligibleIds(posts, triage.selected, "reject").length}
          readable={readable}
          busy={startingBulk}
          onApprove={() => void approveBulk(eligibleIds(posts, triage.selected, "approve"))}
          onReject={() => setRejecting({ ids: eligibleIds(posts, triage.selected, "reject"), source: "bulk" })}
          onClear={() => triage.setSelected([])}
        />
      )}
      {shownJobs.map((id) => (
        <BulkProgress key={id} jobId={id} onDone={onJobDone} onDismiss={() => setDismissed((d) => [...d, id])} />
      ))}

      <StaleNote meta={query.data?.meta} />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label={t("tableLabel")} className="min-w-0">
          {query.isPending ? (
            <QueueTableSkeleton label={t("loading")} />
          ) : query.isError && !query.data ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : posts.length === 0 ? (
            <QueueEmptyState statuses={url.statuses.map(statusLabel).join(", ")} resetHref={hrefFor(QUEUE_DEFAULTS)} isDefault={isDefaultFilter} />
          ) : (
            <>
              {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
              <QueueDataTable
                posts={posts}
                fetchedAt={fetchedAt}
                cursorId={triage.cursorId}
                focusToken={focusToken}
                selected={triage.selected}
                onSelectedChange={triage.setSelected}
                onRowClick={(id) => {
                  triage.setCursor(id);
                  setSheetOpen(true);
                }}
                pendingIds={pendingIds}
                readOnly={!canDecide}
                caption={t("caption", { total: query.data.data.total })}
              />
              <QueuePagination page={url.page} size={url.size} total={query.data.data.total} onPage={(page) => setUrl({ page })} onSize={(size) => setUrl({ size })} />
            </>
          )}
        </section>

        <aside aria-label={t("preview.label")} className="hidden self-start rounded-lg border border-zinc-200 lg:sticky lg:top-4 lg:block lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto dark:border-zinc-800">
          <PreviewPane {...previewProps} headingId="queue-preview-side" />
        </aside>
      </div>

      {sheetOpen && cursorPost && (
        <aside
          aria-label={t("preview.label")}
          className="fixed inset-x-0 bottom-0 z-30 max-h-[75dvh] overflow-y-auto rounded-t-xl border-t border-zinc-200 bg-white shadow-2xl lg:hidden dark:border-zinc-700 dark:bg-zinc-900"
        >
          <PreviewPane {...previewProps} headingId="queue-preview-sheet" onClose={() => setSheetOpen(false)} />
        </aside>
      )}

      <KeysDialog open={helpOpen} onClose={() => setHelpOpen(false)} readOnly={!canDecide} />
      <RejectDialog open={rejecting !== null} taskIds={rejecting?.ids ?? []} onCancel={() => setRejecting(null)} onSubmit={confirmReject} />
    </div>
  );
}
