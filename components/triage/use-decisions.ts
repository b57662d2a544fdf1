"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useDecisionNotes } from "@/components/post/decision-notes";
import { decisionToastId, type notify as toasterNotify } from "@/components/ui/toaster";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { inboxPrefix } from "@/lib/queries/inbox";
import { approvePost, postKey, rejectPost, type DecisionResponse } from "@/lib/queries/posts";
import type { ApprovalResult, Post } from "@/lib/schemas";
import { isVersionChanged, type VersionChange } from "@/components/post/version-change";
import type { SingleDecision } from "./deferred";

export type Notify = typeof toasterNotify;
export type { DecisionSource } from "./deferred";
/** A reject's reason as the dialog gives it. */
export type RejectInput = { reason: string; category?: string };

/** The server's refusal of an approve whose version has a blocking check finding (lib/server/checks/gate.ts). */
export const CHECK_BLOCKED = "check_blocked";
export const isCheckBlocked = (e: unknown): e is ApiClientError => e instanceof ApiClientError && e.code === CHECK_BLOCKED;
/** The server's refusal of an approve over a platform's limit sent without the person's confirmation (lib/server/checks/limits-gate.ts). */
export const CONFIRMATION_REQUIRED = "confirmation_required";
export const isConfirmationRequired = (e: unknown): e is ApiClientError => e instanceof ApiClientError && e.code === CONFIRMATION_REQUIRED;
/** A refusal by a rule of the dashboard (blocking checks, an unconfirmed limit): a reason to say, not a failure. */
export const isRuleRefusal = (e: unknown): e is ApiClientError => isCheckBlocked(e) || isConfirmationRequired(e);

/** How one post's decision ended: sent (whatever the upstream answered), refused (the text changed, the checks block), unknown, failed. */
export type Outcome =
  | { kind: "sent"; response: DecisionResponse }
  | { kind: "changed"; change: VersionChange; error: ApiClientError }
  | { kind: "blocked"; error: ApiClientError }
  | { kind: "unknown"; error: ApiClientError }
  | { kind: "failed"; error: Error };

/** The request of one post's decision, pinned to its version (a post without versions, null, has nothing to pin). */
export function sendSingle(d: SingleDecision, { keepalive = false }: { keepalive?: boolean } = {}): Promise<DecisionResponse> {
  const version = d.version === null ? {} : { version: d.version };
  const source = d.source ?? "single";
  return d.kind === "approve"
    ? approvePost(d.id, { source, ...version, ...(d.note ? { note: d.note } : {}), ...(d.confirmed ? { confirmed: true } : {}), ...(d.override ? { override: d.override } : {}) }, { keepalive })
    : rejectPost(d.id, { ...d.input, source, ...version }, { keepalive });
}

/**
 * The one send of a post's decision, for every path (the triage desks and the post page): the
 * request, then what happened said in the post's own toast (decisionToastId: it replaces the
 * undo countdown in place; two posts are two toasts, never "×2"). The upstream's message is shown
 * as it comes; an error is never taken for success. A refusal because the text changed or the
 * checks block it is a warning that says why, not a red failure; the caller shows the rest.
 */
export function useSendDecision(notify: Notify) {
  const qc = useQueryClient();
  const t = useTranslations("review.queue.toast");
  const tf = useTranslations("review.decision.flagged");
  const tp = useTranslations("review.triage.preview");
  const notesOf = useDecisionNotes();
  return useCallback(
    async (d: SingleDecision, { keepalive = false }: { keepalive?: boolean } = {}): Promise<Outcome> => {
      const id = d.toast ?? decisionToastId(d.id);
      try {
        const response = await sendSingle(d, { keepalive });
        const notes = notesOf(response);
        const text = t("result", { id: d.id, message: response.data.message });
        // Someone decided first or the audit log missed it: worth a second look, so a warning of its own.
        if (notes.length) notify("warning", text, { notes, id });
        else notify("success", text, { id });
        return { kind: "sent", response };
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        const change = isVersionChanged(e);
        if (change && e instanceof ApiClientError) {
          // The text changed since it was read: nothing was sent upstream. The page shows what changed.
          notify("warning", t("unavailable", { id: d.id, reason: tp("changed") }), { id });
          return { kind: "changed", change, error: e };
        }
        if (isRuleRefusal(e)) {
          // The checks found something blocking since the page read them (they are read again), or a
          // limit the page had not flagged yet (its platforms still loading): said plainly.
          if (isCheckBlocked(e)) void qc.invalidateQueries({ queryKey: ["checks"] });
          notify("warning", tf("refused", { id: d.id, message: e.message }), { id });
          return { kind: "blocked", error: e };
        }
        if (e instanceof ApiClientError && e.code === "outcome_unknown") {
          // Not a failure: nobody knows yet. The message says so; the server settles it and tells the person.
          notify("warning", t("result", { id: d.id, message: e.message }), { notes: notesOf(e), id });
          return { kind: "unknown", error: e };
        }
        notify("error", t("failed", { id: d.id, message: error.message }), { notes: notesOf(e), id });
        return { kind: "failed", error };
      } finally {
        void qc.invalidateQueries({ queryKey: postKey(d.id) });
      }
    },
    [qc, t, tf, tp, notesOf, notify],
  );
}

/** How long a decided status is laid over the list while the server's copy catches up. */
const OVERRIDE_MS = 60_000;

/**
 * Single decisions from a triage list (after their undo window), sent by useSendDecision. The row
 * takes the status the upstream answered at once (so it is visibly done), then the lists are asked
 * again so a post that left the filter leaves the table. The status is kept as a local overlay,
 * not written into the query cache: the server's cached list may still carry the old status for a
 * few seconds, and the next poll must not flip the row back. A refusal because the text changed
 * goes to `onVersionChanged` (the notice in the preview).
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
  const sendDecision = useSendDecision(notify);
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

  /** Sends one post's decision whose undo window ran out (on page exit with keepalive, so it survives the unload). */
  const send = useCallback(
    async (d: SingleDecision, { keepalive }: { keepalive: boolean }): Promise<Outcome> => {
      setBusy((b) => [...b, d.id]);
      try {
        const outcome = await sendDecision(d, { keepalive });
        if (outcome.kind === "sent") apply(outcome.response.data);
        if (outcome.kind === "changed") onVersionChanged(d.id, outcome.change);
        if (outcome.kind !== "sent" && outcome.error instanceof ApiClientError && outcome.error.status === 409) void qc.invalidateQueries({ queryKey: listKey });
        return outcome;
      } finally {
        setBusy((b) => b.filter((x) => x !== d.id));
      }
    },
    [sendDecision, apply, onVersionChanged, qc, listKey],
  );

  return { busy, send, overrides, applyStatuses };
}

/** The list as shown: server rows with the statuses this page has just decided laid over them. */
export function withOverrides<P extends Post>(posts: readonly P[], overrides: ReadonlyMap<number, string>): readonly P[] {
  if (overrides.size === 0) return posts;
  return posts.map((p) => {
    const status = overrides.get(p.task_id);
    return status === undefined || status === p.status ? p : { ...p, status };
  });
}
