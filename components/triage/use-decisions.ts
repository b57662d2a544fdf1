"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useDecisionNotes } from "@/components/post/decision-notes";
import type { notify as toasterNotify } from "@/components/ui/toaster";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { inboxPrefix } from "@/lib/queries/inbox";
import { approvePost, postKey, rejectPost, type DecisionResponse } from "@/lib/queries/posts";
import type { ApprovalResult, Post } from "@/lib/schemas";
import { isVersionChanged, type VersionChange } from "@/components/post/version-changed";
import type { Pin } from "./versions";

export type Notify = typeof toasterNotify;
export type DecisionSource = "single" | "keyboard";
/** A reject's reason as the dialog gives it. */
export type RejectInput = { reason: string; category?: string };

/** How long a decided status is laid over the list while the server's copy catches up. */
const OVERRIDE_MS = 60_000;

/**
 * Single approve and reject from a triage list, pinned to the text version the
 * person saw. The row takes the status the upstream answered at once (so it is
 * visibly done), then the lists are asked again so a post that left the filter
 * leaves the table. The status is kept as a local overlay, not written into
 * the query cache: the server's cached list may still carry the old status for
 * a few seconds, and the next poll must not flip the row back. The upstream's
 * message is shown as it comes; an error is never taken for success. A
 * reject's error is thrown to its dialog (which keeps the reason and shows
 * it); an approve's is a toast, except a refusal because the text changed,
 * which `onVersionChanged` turns into the notice in the preview.
 */
export function useDecisions({
  listKey,
  notify,
  onVersionChanged,
}: {
  listKey: QueryKey;
  notify: Notify;
  onVersionChanged: (taskId: number, change: VersionChange) => void;
}) {
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
      void qc.invalidateQueries({ queryKey: listKey });
      // The inbox (and the navigation's count) follow a decision made anywhere, even without the event stream.
      if (listKey !== inboxPrefix) void qc.invalidateQueries({ queryKey: inboxPrefix });
    },
    [qc, listKey],
  );

  const apply = useCallback((result: ApprovalResult) => applyStatuses([{ taskId: result.task_id, status: String(result.status) }]), [applyStatuses]);

  /** "sent" (whatever the upstream answered), "changed" (refused: the text moved on), "failed". */
  const run = useCallback(
    async (id: number, call: () => Promise<DecisionResponse>, { throwErrors = false } = {}): Promise<"sent" | "changed" | "failed"> => {
      setBusy((b) => [...b, id]);
      try {
        const res = await call();
        apply(res.data);
        void qc.invalidateQueries({ queryKey: postKey(id) });
        const notes = notesOf(res);
        const text = t("result", { id, message: res.data.message });
        // Someone decided first or the audit log missed it: worth a second look, so a warning of its
        // own. One toast per post (its text names it): two approvals in a row are two toasts, not "×2".
        if (notes.length) notify("warning", text, { notes });
        else notify("success", text);
        return "sent";
      } catch (e) {
        const change = isVersionChanged(e);
        if (change) {
          // The text changed since it was read: nothing was sent upstream. The preview shows what changed.
          void qc.invalidateQueries({ queryKey: postKey(id) });
          onVersionChanged(id, change);
          return "changed";
        }
        if (e instanceof ApiClientError && e.status === 409) void qc.invalidateQueries({ queryKey: listKey });
        if (e instanceof ApiClientError && e.code === "outcome_unknown") {
          // Not a failure: nobody knows yet. The message says so; the server settles it and tells the person.
          void qc.invalidateQueries({ queryKey: postKey(id) });
          notify("warning", t("result", { id, message: e.message }), { notes: notesOf(e) });
          return "sent";
        }
        if (throwErrors) throw e;
        const message = e instanceof Error ? e.message : String(e);
        // The same failure on several posts (the upstream down, say) is one toast with a count.
        notify("error", t("failed", { id, message }), { notes: notesOf(e), group: `failed:${message}` });
        return "failed";
      } finally {
        setBusy((b) => b.filter((x) => x !== id));
      }
    },
    [apply, notify, t, qc, listKey, notesOf, onVersionChanged],
  );

  // Pages always send the version seen; a post without versions (null) has nothing to pin.
  const approve = useCallback(
    (id: number, version: Pin, source: DecisionSource) => run(id, () => approvePost(id, { source, ...(version === null ? {} : { version }) })),
    [run],
  );
  /** Resolves when sent or refused for a changed text (the preview then asks again); throws any other failure to the dialog. */
  const reject = useCallback(
    (id: number, version: Pin, input: RejectInput, source: DecisionSource) =>
      run(id, () => rejectPost(id, { ...input, source, ...(version === null ? {} : { version }) }), { throwErrors: true }),
    [run],
  );

  /** The send of an approval (keys or the preview's button) whose undo window ran out; on page exit with keepalive so it survives the unload. */
  const sendApproval = useCallback(
    ({ id, version, source = "keyboard" }: { id: number; version: Pin; source?: DecisionSource }, { keepalive }: { keepalive: boolean }) => {
      if (!keepalive) {
        void approve(id, version, source);
        return;
      }
      void fetch(`/api/posts/${id}/approve`, {
        method: "POST",
        keepalive: true,
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ source, ...(version === null ? {} : { version }) }),
      }).catch(() => undefined);
    },
    [approve],
  );

  return { busy, approve, reject, sendApproval, overrides, applyStatuses };
}

/** The list as shown: server rows with the statuses this page has just decided laid over them. */
export function withOverrides<P extends Post>(posts: readonly P[], overrides: ReadonlyMap<number, string>): readonly P[] {
  if (overrides.size === 0) return posts;
  return posts.map((p) => {
    const status = overrides.get(p.task_id);
    return status === undefined || status === p.status ? p : { ...p, status };
  });
}
