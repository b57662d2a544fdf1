"use client";

import { useMessages, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { MoreMessages } from "@/components/shell/more-messages";
import { Button } from "@/components/ui/button";
import { withToaster } from "@/components/ui/toaster";
import { UNDO_WINDOW_MS, type Pending } from "@/lib/keyboard/use-undo-window";
import type { Deferred } from "./deferred";

const UNDO_SECONDS = UNDO_WINDOW_MS / 1000;

/**
 * Everything waiting out its undo window, as ONE toast of the shared toaster:
 * the latest decision with its countdown and Undo, and how many more wait
 * behind it. A run of `a` presses counts up in place instead of stacking a
 * toast per post over the page. The toast leaves when nothing waits (sent,
 * undone, or the page left).
 */
export function useUndoToast(pending: readonly Pending<Deferred>[], onUndo: (key: string) => void) {
  const undo = useRef(onUndo);
  useEffect(() => {
    undo.current = onUndo;
  });
  // The toast shown now, if any. A toast that was dismissed lingers while it animates out, and sonner
  // would fold a new one with the same id into it (and drop both): each showing gets an id of its own.
  const shown = useRef<string | null>(null);
  const serial = useRef(0);

  // The toast renders inside the root's toaster, which has only the shell's message areas: its
  // text and button take the page's along (components/shell/more-messages.tsx).
  const messages = useMessages();
  const latest = pending.at(-1);
  const more = pending.length - 1;
  useEffect(() => {
    if (!latest) {
      const id = shown.current;
      if (id) withToaster(({ toast }) => toast.dismiss(id));
      shown.current = null;
      return;
    }
    if (!shown.current) shown.current = `triage-undo:${++serial.current}`;
    const id = shown.current;
    withToaster(({ toast }) =>
      toast(
        <MoreMessages messages={messages}>
          <Countdown entry={latest} more={more} />
        </MoreMessages>,
        {
          id,
          duration: Infinity,
          dismissible: false,
          closeButton: false,
          action: (
            <MoreMessages messages={messages}>
              <UndoButton entry={latest} onUndo={(key) => undo.current(key)} />
            </MoreMessages>
          ),
        },
      ),
    );
  }, [latest, more, messages]);

  useEffect(
    () => () => {
      const id = shown.current;
      if (id) withToaster(({ toast }) => toast.dismiss(id));
    },
    [],
  );
}

function Countdown({ entry, more }: { entry: Pending<Deferred>; more: number }) {
  const t = useTranslations("review.queue.toast");
  const tt = useTranslations("review.triage.undo");
  const now = useNow();
  // `now` may predate the toast by up to one tick: never show more than the window itself.
  const seconds = Math.min(UNDO_SECONDS, Math.max(0, Math.ceil((entry.dueAt - now) / 1000)));
  const d = entry.item;
  return (
    <span data-undo-toast className="flex flex-col">
      <span>{d.kind === "approve" ? t("approving", { id: d.id, seconds }) : tt(d.plan.action === "approve" ? "bulkApprove" : "bulkReject", { count: d.plan.count, seconds })}</span>
      {more > 0 && (
        <span data-undo-more={more} className="text-xs opacity-90">
          {tt("more", { count: more })}
        </span>
      )}
    </span>
  );
}

function UndoButton({ entry, onUndo }: { entry: Pending<Deferred>; onUndo: (key: string) => void }) {
  const t = useTranslations("review.queue.toast");
  const tt = useTranslations("review.triage.undo");
  const d = entry.item;
  const label = d.kind === "approve" ? t("undoLabel", { id: d.id }) : tt(d.plan.action === "approve" ? "bulkApproveLabel" : "bulkRejectLabel", { count: d.plan.count });
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
