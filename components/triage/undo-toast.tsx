"use client";

import { useMessages, useTranslations, type AbstractIntlMessages } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { MoreMessages } from "@/components/shell/more-messages";
import { Button } from "@/components/ui/button";
import { decisionToastId, withToaster } from "@/components/ui/toaster";
import { UNDO_WINDOW_MS, useUndoWindow, type Pending } from "@/lib/keyboard/use-undo-window";
import { deferredKey, type Deferred, type SingleDecision } from "./deferred";

const UNDO_SECONDS = UNDO_WINDOW_MS / 1000;

/** The toast a waiting decision shows: the post's own (its outcome replaces it later), or a bulk job's. */
export const undoToastId = (d: Deferred, key: string) => (d.kind === "bulk" ? `bulk-undo:${key}` : (d.toast ?? decisionToastId(d.id)));

// Each showing has an id of its own: an undone toast lingers while it animates out, and sonner
// would fold a new toast with the same id into it (and drop both).
let showing = 0;

/**
 * The one decision flow of every path (keys, the preview and the phone sheet, the post page,
 * bulk): a decision waits out the 5 s undo window (nothing is sent meanwhile), with a toast of
 * its own per post, never merged into another's: its countdown and Undo, then "sending", then
 * (`send` notifies with the same toast id, decisionToastId) what the service answered, in place.
 * Undo (the toast's button, u, Ctrl/⌘+Z) takes it back and the toast goes. Leaving the page
 * sends what waits (keepalive), as useUndoWindow says.
 */
export function useDecisionWindow(send: (d: Deferred, opts: { keepalive: boolean }) => void, onUndone?: (d: Deferred) => void) {
  // The page's messages go along into the toaster, which renders outside the page (components/shell/more-messages.tsx).
  const messages = useMessages();
  const messagesRef = useRef(messages);
  const undoneRef = useRef(onUndone);
  useEffect(() => {
    messagesRef.current = messages;
    undoneRef.current = onUndone;
  });
  const keys = useRef(new WeakMap<Deferred, string>());

  const undoWindow = useUndoWindow<Deferred>(
    useCallback(
      (d: Deferred, opts: { keepalive: boolean }) => {
        const key = keys.current.get(d) ?? deferredKey(d);
        // A post's toast says it is on its way until the answer takes its place; a bulk job has its progress panel.
        if (d.kind === "bulk") withToaster(({ toast }) => toast.dismiss(undoToastId(d, key)));
        else showSending(d, messagesRef.current);
        send(d, opts);
      },
      [send],
    ),
  );
  const { schedule: start, undo: drop, undoLast: dropLast } = undoWindow;

  const schedule = useCallback(
    (decision: Deferred, serial = 0): boolean => {
      const d: Deferred = decision.kind === "bulk" ? decision : { ...decision, toast: `${decisionToastId(decision.id)}:${++showing}` };
      const key = deferredKey(d, serial);
      keys.current.set(d, key);
      return start(key, d);
    },
    [start],
  );
  const undone = useCallback((key: string, d: Deferred | null) => {
    if (!d) return null;
    withToaster(({ toast }) => toast.dismiss(undoToastId(d, key)));
    undoneRef.current?.(d);
    return d;
  }, []);
  /** Takes one back by its key (the toast's button); null when it was already sent. */
  const undo = useCallback((key: string) => undone(key, drop(key)), [drop, undone]);
  /** Takes back the most recent one still waiting (u, Ctrl/⌘+Z). */
  const undoLast = useCallback(() => {
    const taken = dropLast();
    return taken ? { key: taken.key, item: undone(taken.key, taken.item) } : null;
  }, [dropLast, undone]);

  // Each newly waiting decision gets its toast; its countdown ticks inside it.
  const shown = useRef(new Set<string>());
  useEffect(() => {
    const now = new Set(undoWindow.pending.map((p) => p.key));
    for (const key of shown.current) if (!now.has(key)) shown.current.delete(key);
    for (const entry of undoWindow.pending) {
      if (shown.current.has(entry.key)) continue;
      shown.current.add(entry.key);
      showCountdown(entry, messagesRef.current, (key) => void undo(key));
    }
  }, [undoWindow.pending, undo]);

  return { pending: undoWindow.pending, schedule, undo, undoLast, has: undoWindow.has, size: undoWindow.size };
}

function showCountdown(entry: Pending<Deferred>, messages: AbstractIntlMessages, onUndo: (key: string) => void) {
  const id = undoToastId(entry.item, entry.key);
  withToaster(({ toast }) =>
    toast(
      <MoreMessages messages={messages}>
        <Countdown entry={entry} />
      </MoreMessages>,
      {
        id,
        duration: Infinity,
        dismissible: false,
        closeButton: false,
        description: undefined,
        action: (
          <MoreMessages messages={messages}>
            <UndoButton entry={entry} onUndo={onUndo} />
          </MoreMessages>
        ),
      },
    ),
  );
}

function showSending(d: SingleDecision, messages: AbstractIntlMessages) {
  withToaster(({ toast }) =>
    toast.loading(
      <MoreMessages messages={messages}>
        <Sending d={d} />
      </MoreMessages>,
      { id: d.toast ?? decisionToastId(d.id), duration: Infinity, action: undefined, closeButton: false, dismissible: false },
    ),
  );
}

function Sending({ d }: { d: SingleDecision }) {
  const t = useTranslations("review.queue.toast");
  return <span data-decision-sending={d.id}>{t(d.kind === "approve" ? "sendingApprove" : "sendingReject", { id: d.id })}</span>;
}

function Countdown({ entry }: { entry: Pending<Deferred> }) {
  const t = useTranslations("review.queue.toast");
  const tt = useTranslations("review.triage.undo");
  const now = useNow();
  // `now` may predate the toast by up to one tick: never show more than the window itself.
  const seconds = Math.min(UNDO_SECONDS, Math.max(0, Math.ceil((entry.dueAt - now) / 1000)));
  const d = entry.item;
  const text =
    d.kind === "bulk"
      ? tt(d.plan.action === "approve" ? "bulkApprove" : "bulkReject", { count: d.plan.count, seconds })
      : t(d.kind === "approve" ? "approving" : "rejecting", { id: d.id, seconds });
  return (
    <span data-undo-toast={d.kind === "bulk" ? "bulk" : d.id} data-undo-kind={d.kind === "bulk" ? d.plan.action : d.kind}>
      {text}
    </span>
  );
}

function UndoButton({ entry, onUndo }: { entry: Pending<Deferred>; onUndo: (key: string) => void }) {
  const t = useTranslations("review.queue.toast");
  const tt = useTranslations("review.triage.undo");
  const d = entry.item;
  const label =
    d.kind === "bulk"
      ? tt(d.plan.action === "approve" ? "bulkApproveLabel" : "bulkRejectLabel", { count: d.plan.count })
      : t(d.kind === "approve" ? "undoLabel" : "undoRejectLabel", { id: d.id });
  return (
    <Button size="sm" variant="secondary" className="ml-auto shrink-0" onClick={() => onUndo(entry.key)} aria-label={label} aria-keyshortcuts="u Control+Z Meta+Z">
      {t("undo")}
    </Button>
  );
}

/** The current time, ticking every 250 ms while the countdown shows. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return now;
}
