"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { approvePost, rejectPost, type DecisionResponse } from "@/lib/queries/posts";
import { queuePostsPrefix } from "@/lib/queries/queue";
import { useDecisionNotes } from "@/components/post/decision-notes";
import type { notify as toasterNotify } from "@/components/ui/toaster";
import type { ApprovalResult, Post } from "@/lib/schemas";

export type Notify = typeof toasterNotify;

/** How long a decided status is laid over the list while the server's copy catches up. */
const OVERRIDE_MS = 60_000;

/**
 * Single approve and reject from the queue. The row takes the status the
 * upstream answered at once (so it is visibly done), then the list is asked
 * again so a post that left the filter leaves the table. The status is kept
 * as a local overlay, not written into the query cache: the server's cached
 * list may still carry the old status for a few seconds, and the next poll
 * must not flip the row back. The upstream's message is shown as it comes;
 * an error is never taken for success. A reject's error is thrown to its
 * dialog (which keeps the reason and shows it); an approve's is a toast.
 */
export function useDecisions(campaignId: number, notify: Notify) {
  const qc = useQueryClient();
  const t = useTranslations("review.queue.toast");
  const notesOf = useDecisionNotes();
  const [busy, setBusy] = useState<readonly number[]>([]);
  const [overrides, setOverrides] = useState<ReadonlyMap<number, string>>(() => new Map());

  /** Lays known new statuses over the list (after a single decision or a bulk job). */
  const applyStatuses = useCallback(
    (changes: readonly { taskId: number; status: string }[]) => {
      if (changes.length === 0) return;
      setOverrides((m) => {
        const next = new Map(m);
        for (const c of changes) next.set(c.taskId, c.status);
        return next;
      });
      setTimeout(() => {
        setOverrides((m) => {
          const next = new Map(m);
          for (const c of changes) if (next.get(c.taskId) === c.status) next.delete(c.taskId);
          return next;
        });
      }, OVERRIDE_MS);
      void qc.invalidateQueries({ queryKey: queuePostsPrefix(campaignId) });
    },
    [qc, campaignId],
  );

  const apply = useCallback((result: ApprovalResult) => applyStatuses([{ taskId: result.task_id, status: String(result.status) }]), [applyStatuses]);

  const run = useCallback(
    async (id: number, call: () => Promise<DecisionResponse>, { throwErrors = false } = {}) => {
      setBusy((b) => [...b, id]);
      try {
        const res = await call();
        apply(res.data);
        const notes = notesOf(res);
        const text = t("result", { id, message: res.data.message });
        // Someone decided first or the audit log missed it: worth a second look, so a warning of its
        // own; plain successes share one toast that counts them.
        if (notes.length) notify("warning", text, { notes });
        else notify("success", text, { group: "decision" });
      } catch (e) {
        if (e instanceof ApiClientError && e.status === 409) void qc.invalidateQueries({ queryKey: queuePostsPrefix(campaignId) });
        if (throwErrors) throw e;
        const message = e instanceof Error ? e.message : String(e);
        // The same failure on several posts (the upstream down, say) is one toast with a count.
        notify("error", t("failed", { id, message }), { notes: notesOf(e), group: `failed:${message}` });
      } finally {
        setBusy((b) => b.filter((x) => x !== id));
      }
    },
    [apply, notify, t, qc, campaignId, notesOf],
  );

  const approve = useCallback((id: number, source: "single" | "keyboard") => run(id, () => approvePost(id, { source })), [run]);
  const reject = useCallback(
    (id: number, reason: string, source: "single" | "keyboard") => run(id, () => rejectPost(id, { reason, source }), { throwErrors: true }),
    [run],
  );

  /** The send of a keyboard approval whose undo window ran out; on page exit with keepalive so it survives the unload. */
  const sendKeyboardApproval = useCallback(
    (id: number, { keepalive }: { keepalive: boolean }) => {
      if (!keepalive) {
        void approve(id, "keyboard");
        return;
      }
      void fetch(`/api/posts/${id}/approve`, {
        method: "POST",
        keepalive: true,
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ source: "keyboard" }),
      }).catch(() => undefined);
    },
    [approve],
  );

  return { busy, approve, reject, sendKeyboardApproval, overrides, applyStatuses };
}

/** The list as shown: server rows with the statuses this page has just decided laid over them. */
export function withOverrides(posts: readonly Post[], overrides: ReadonlyMap<number, string>): readonly Post[] {
  if (overrides.size === 0) return posts;
  return posts.map((p) => {
    const status = overrides.get(p.task_id);
    return status === undefined || status === p.status ? p : { ...p, status };
  });
}
