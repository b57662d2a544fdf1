"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { APPROVAL_RESULTS, useEnumLabel } from "@/components/post/labels";
import { ErrorState } from "@/components/ui/query-states";
import { useLiveBulkJob } from "@/lib/events/live-events";
import { bulkJobOptions, type BulkJobDetail, type BulkJobItem } from "@/lib/queries/bulk";
import { cn } from "@/lib/cn";

/**
 * One bulk job's progress, polled until it is done (rarely while its events arrive), with each post's result.
 * The job runs on the server: closing the page does not stop it, and the
 * queue finds it again on the next visit.
 */
export function BulkProgress({ jobId, onDone, onDismiss }: { jobId: number; onDone: (detail: BulkJobDetail) => void; onDismiss: () => void }) {
  const t = useTranslations("review.bulk");
  const live = useLiveBulkJob(jobId);
  const query = useQuery(bulkJobOptions(jobId, live));
  // Items of unknown outcome the page was last told of (null: not told yet): told again as they settle.
  const toldUnknown = useRef<number | null>(null);
  // The per-post list stays open while its unknown lines settle: the person is reading how they end.
  const [hadUnknown, setHadUnknown] = useState(false);
  const data = query.data;
  if (!hadUnknown && (data?.job.unknown ?? 0) > 0) setHadUnknown(true);

  useEffect(() => {
    if (data?.job.status !== "done") return;
    if (toldUnknown.current === null || data.job.unknown < toldUnknown.current) {
      toldUnknown.current = data.job.unknown;
      onDone(data);
    }
  }, [data, onDone]);

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <p className="text-sm">{t("loading")}</p>;
  const { job, items } = query.data;
  // Sent, whatever came of it: an unknown outcome is not a failure, and not pending either.
  const finished = job.ok + job.failed + job.unknown;
  const done = job.status === "done";
  return (
    <section aria-labelledby={`bulk-${job.id}`} data-bulk-job={job.id} data-bulk-status={job.status} className="rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`bulk-${job.id}`} className="font-medium">
          {t(job.action === "approve" ? "titleApprove" : "titleReject", { count: job.total })}
        </h2>
        {done && (
          <button type="button" onClick={onDismiss} className="text-xs text-blue-800 underline dark:text-blue-300">
            {t("dismiss")}
          </button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={t("progressLabel")}
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={finished}
        aria-valuetext={t("progress", { done: finished, total: job.total })}
        className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="flex h-full">
          <div className="h-full bg-blue-700 transition-[width] dark:bg-blue-400" style={{ width: `${job.total ? ((job.ok + job.failed) / job.total) * 100 : 0}%` }} />
          {/* Sent, outcome not known yet: amber, as on their lines. */}
          {job.unknown > 0 && <div data-bulk-unknown-share className="h-full bg-amber-500 transition-[width] dark:bg-amber-400" style={{ width: `${(job.unknown / job.total) * 100}%` }} />}
        </div>
      </div>
      <p className="mt-1" aria-live="polite">
        {done && job.unknown > 0
          ? t("finishedUnknown", { ok: job.ok, failed: job.failed, unknown: job.unknown })
          : done
            ? t("finished", { ok: job.ok, failed: job.failed })
            : t("progressText", { done: finished, total: job.total, failed: job.failed })}
        {!done && job.unknown > 0 && ` ${t("progressUnknown", { unknown: job.unknown })}`}
      </p>
      {job.stopped && (
        <p role="alert" data-bulk-stopped={job.stopped} className="mt-1 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t(`stopped.${job.stopped}`, { who: job.user_name })}
        </p>
      )}
      {job.reason && <p className="mt-1 text-zinc-700 dark:text-zinc-300">{t("reason", { reason: job.reason })}</p>}
      <details className="mt-2" open={(job.failed > 0 || hadUnknown) && done}>
        <summary className="cursor-pointer text-blue-800 dark:text-blue-300">{t("details")}</summary>
        {/* Focusable: a keyboard reaches the lines of a long job by scrolling this list (axe: scrollable-region-focusable). */}
        <ul tabIndex={0} aria-label={t("details")} className="mt-2 max-h-60 space-y-1 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-blue-600">
          {items.map((item) => (
            <ItemLine key={item.task_id} item={item} />
          ))}
        </ul>
      </details>
    </section>
  );
}

function ItemLine({ item }: { item: BulkJobItem }) {
  const t = useTranslations("review.bulk.item");
  const resultLabel = useEnumLabel("decision.result", APPROVAL_RESULTS);
  const text =
    item.status === "ok"
      ? item.message ?? (item.result ? resultLabel(item.result) : "")
      : item.status === "failed"
        ? // Not decided because the job stopped: said in the reader's language (the stored note is the server's).
          item.error_code?.startsWith("author_")
          ? t("notDecided")
          : `${item.message ?? ""}${item.error_code ? ` (${item.error_code})` : ""}`
        : item.status === "unknown"
          ? // Said in the reader's language: the stored message is the server's, and this one says what happens next.
            t("unknownNote")
          : t(item.status === "running" ? "running" : item.attempts > 0 ? "retrying" : "pending");
  return (
    // Wraps: a long note goes under its label on a phone rather than into a narrow column beside it.
    <li data-bulk-item={item.task_id} data-bulk-item-status={item.status} className="flex flex-wrap gap-x-2">
      <span className="shrink-0 font-mono">#{item.task_id}</span>
      <span
        className={cn(
          "shrink-0 font-medium",
          item.status === "failed" && "text-red-800 dark:text-red-300",
          item.status === "ok" && "text-green-800 dark:text-green-300",
          // Amber, as an unknown outcome is in the audit log (components/collab/settled-note.tsx): not done, not failed.
          item.status === "unknown" && "text-amber-900 dark:text-amber-200",
        )}
      >
        {item.status === "unknown" && <span aria-hidden="true">? </span>}
        {t(item.status)}
      </span>
      <span className="min-w-0 flex-1 basis-48 break-words text-zinc-700 dark:text-zinc-300">{text}</span>
    </li>
  );
}
