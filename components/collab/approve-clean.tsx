"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useMounted } from "@/components/ui/use-mounted";
import { createBulkJob, type ApproveCleanBody, type BulkJob } from "@/lib/queries/bulk";
import { UNDO_WINDOW_MS, useUndoWindow } from "@/lib/keyboard/use-undo-window";

/**
 * «Согласовать все чистые»: one bulk job of the campaign's waiting
 * posts the checks find clean, each approved only if its version is still
 * clean when reached (the server checks). Like every bulk decision it waits
 * out the undo window first; leaving the page sends it.
 */
export function ApproveClean({ campaignId }: { campaignId: number }) {
  const t = useTranslations("collab.policy");
  const start = useMutation({ mutationFn: (body: ApproveCleanBody) => createBulkJob(body) });
  const send = (body: ApproveCleanBody, { keepalive }: { keepalive: boolean }) => {
    if (!keepalive) return start.mutate(body);
    void fetch("/api/bulk-jobs", { method: "POST", keepalive: true, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).catch(() => undefined);
  };
  const { pending, schedule, undo } = useUndoWindow<ApproveCleanBody>(send);
  const waiting = pending[0];
  const seconds = useCountdown(waiting?.dueAt);
  const key = `clean:${campaignId}`;
  // Disabled until hydrated: a tap on the server's HTML before React listens is lost (see useMounted).
  const hydrated = useMounted();
  return (
    <div className="mt-3 space-y-2 border-t border-zinc-200 pt-3 text-sm dark:border-zinc-800" data-testid="approve-clean">
      <p className="text-zinc-700 dark:text-zinc-300">{t("cleanIntro")}</p>
      {waiting ? (
        <p className="flex flex-wrap items-center gap-2" aria-live="polite">
          {t("cleanWaiting", { seconds })}
          <Button size="sm" variant="secondary" onClick={() => undo(key)}>
            {t("cleanUndo")}
          </Button>
        </p>
      ) : (
        <Button size="sm" variant="success" disabled={!hydrated || start.isPending} onClick={() => schedule(key, { action: "approve", campaign_id: campaignId, only_clean: true })}>
          {t("cleanButton")}
        </Button>
      )}
      <div aria-live="polite">
        {start.isSuccess && <JobStarted job={start.data.job} />}
        {start.isError && (
          <p role="alert" className="text-red-800 dark:text-red-300">
            {t("cleanFailed", { message: start.error.message })}
          </p>
        )}
      </div>
    </div>
  );
}

function JobStarted({ job }: { job: BulkJob }) {
  const t = useTranslations("collab.policy");
  return <p className="text-green-800 dark:text-green-300">✓ {t("cleanStarted", { id: job.id, n: job.total })}</p>;
}

function useCountdown(dueAt: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (dueAt === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [dueAt]);
  return dueAt === undefined ? UNDO_WINDOW_MS / 1000 : Math.max(0, Math.ceil((dueAt - now) / 1000));
}
