"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { NoteList } from "@/components/ui/note-list";
import { ErrorState } from "@/components/ui/query-states";
import { notify } from "@/components/ui/toaster";
import { REASON_MAX } from "@/lib/queries/posts";
import { useDecisionNotes } from "./decision-notes";

type Props = {
  open: boolean;
  /** The posts the reason is for: one, or several sharing one reason (a bulk reject). */
  taskIds: readonly number[];
  onCancel: () => void;
  /**
   * Sends the reject. Resolving means done: the caller closes the dialog. Throwing keeps the
   * dialog open with the reason as typed and the error (and its notes) shown in it.
   */
  onSubmit: (reason: string) => Promise<unknown>;
};

/**
 * Why the post is rejected, for the queue (one post or a bulk selection) and
 * the post page alike. The reason is the dashboard's own (the upstream's
 * reject takes no body; the audit log keeps it): 1 to REASON_MAX characters
 * after trimming, as the decision and bulk routes check. Enter sends,
 * Shift+Enter starts a new line.
 */
export function RejectDialog(props: Props) {
  // Mounted only while open: its texts and field cost a page's start-up nothing, and each
  // opening starts with an empty reason (a failed send keeps it while the dialog stays open).
  return props.open ? <OpenRejectDialog {...props} /> : null;
}

function OpenRejectDialog({ open, taskIds, onCancel, onSubmit }: Props) {
  const t = useTranslations("review.decision.rejectDialog");
  const [sending, setSending] = useState(false);
  const count = taskIds.length;
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={count > 1 ? t("titleBulk", { count }) : t("title", { id: taskIds[0] ?? 0 })}
      dismissible={!sending}
      closeOnBackdrop={false}
    >
      <RejectForm count={count} onCancel={onCancel} onSubmit={onSubmit} onSending={setSending} />
    </Dialog>
  );
}

function RejectForm({ count, onCancel, onSubmit, onSending }: { count: number; onCancel: () => void; onSubmit: Props["onSubmit"]; onSending: (v: boolean) => void }) {
  const t = useTranslations("review.decision.rejectDialog");
  const notesOf = useDecisionNotes();
  const [reason, setReason] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const ids = { field: useId(), count: useId(), keys: useId(), problem: useId(), failure: useId() };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      onSending(false);
    };
  }, [onSending]);

  const trimmed = reason.trim();
  const problem = trimmed.length === 0 ? t("required") : trimmed.length > REASON_MAX ? t("tooLong", { max: REASON_MAX }) : null;
  // "Required" waits for a first try; "too long" shows as soon as it is true.
  const shownProblem = attempted || trimmed.length > REASON_MAX ? problem : null;

  const submit = async () => {
    setAttempted(true);
    if (problem !== null || sending) return;
    setSending(true);
    onSending(true);
    setFailure(null);
    try {
      await onSubmit(trimmed);
    } catch (e) {
      // Closed by the browser while sending: the error must not vanish with the dialog.
      if (mounted.current) setFailure(e);
      else notify("error", t("failedClosed", { message: e instanceof Error ? e.message : String(e) }), { notes: notesOf(e) });
    } finally {
      if (mounted.current) {
        setSending(false);
        onSending(false);
      }
    }
  };

  const notes = failure === null ? [] : notesOf(failure);
  const describedBy = [ids.count, ids.keys, shownProblem ? ids.problem : null, failure !== null ? ids.failure : null].filter(Boolean).join(" ");

  return (
    <form
      noValidate
      aria-busy={sending}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="space-y-3"
    >
      <div className="space-y-1">
        <label htmlFor={ids.field} className="block text-sm font-medium">
          {t("label")}
        </label>
        <textarea
          id={ids.field}
          data-autofocus
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is neither.
            if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            void submit();
          }}
          rows={4}
          required
          aria-invalid={shownProblem !== null}
          aria-describedby={describedBy}
          className="w-full rounded-md border border-zinc-400 bg-white p-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-950"
        />
        <div className="flex flex-wrap justify-between gap-x-3 text-xs text-zinc-700 dark:text-zinc-300">
          <p id={ids.keys}>{t("keys")}</p>
          <p id={ids.count} className={trimmed.length > REASON_MAX ? "font-semibold text-red-800 dark:text-red-300" : undefined}>
            {t("count", { length: trimmed.length, max: REASON_MAX })}
          </p>
        </div>
        {shownProblem && (
          <p id={ids.problem} data-reject-problem className="text-sm font-medium text-red-800 dark:text-red-300">
            <span aria-hidden="true">⚠ </span>
            {shownProblem}
          </p>
        )}
      </div>
      {failure !== null && (
        <div id={ids.failure} data-reject-error className="space-y-1">
          <p className="text-sm font-semibold">{t("failed")}</p>
          <ErrorState error={failure} />
          <NoteList notes={notes} className="text-sm font-medium text-amber-900 dark:text-amber-200" />
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel} disabled={sending}>
          {t("cancel")}
        </Button>
        <Button type="submit" variant="danger" disabled={sending}>
          {sending ? t("sending") : count > 1 ? t("submitBulk", { count }) : t("submit")}
        </Button>
      </div>
    </form>
  );
}
