"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { withToaster } from "@/components/ui/toaster";
import { UNDO_WINDOW_MS, type PendingApproval } from "@/lib/keyboard/use-pending-approvals";

const UNDO_SECONDS = UNDO_WINDOW_MS / 1000;
const toastId = (id: number) => `undo-approve:${id}`;

/**
 * Keyboard approvals waiting out their undo window, as toasts of the shared
 * toaster: a countdown and Undo, for as long as the approval is pending (the
 * toast leaves when it is sent or undone, or when the queue is left).
 */
export function useUndoToasts(pending: readonly PendingApproval[], onUndo: (id: number) => void) {
  const shown = useRef(new Set<number>());
  const undo = useRef(onUndo);
  useEffect(() => {
    undo.current = onUndo;
  });

  useEffect(() => {
    const open = new Set(pending.map((p) => p.id));
    for (const p of pending) {
      if (shown.current.has(p.id)) continue;
      shown.current.add(p.id);
      withToaster(({ toast }) =>
        toast(<Countdown id={p.id} dueAt={p.dueAt} />, {
          id: toastId(p.id),
          duration: Infinity,
          dismissible: false,
          closeButton: false,
          action: <UndoButton id={p.id} onUndo={(id) => undo.current(id)} />,
        }),
      );
    }
    for (const id of [...shown.current]) {
      if (open.has(id)) continue;
      shown.current.delete(id);
      withToaster(({ toast }) => toast.dismiss(toastId(id)));
    }
  }, [pending]);

  useEffect(() => {
    const ids = shown.current;
    return () => {
      const gone = [...ids];
      ids.clear();
      if (gone.length) withToaster(({ toast }) => gone.forEach((id) => toast.dismiss(toastId(id))));
    };
  }, []);
}

function Countdown({ id, dueAt }: { id: number; dueAt: number }) {
  const t = useTranslations("review.queue.toast");
  const now = useNow();
  // `now` may predate the toast by up to one tick: never show more than the window itself.
  const seconds = Math.min(UNDO_SECONDS, Math.max(0, Math.ceil((dueAt - now) / 1000)));
  return <span>{t("approving", { id, seconds })}</span>;
}

function UndoButton({ id, onUndo }: { id: number; onUndo: (id: number) => void }) {
  const t = useTranslations("review.queue.toast");
  return (
    <Button size="sm" variant="secondary" className="ml-auto shrink-0" onClick={() => onUndo(id)} aria-label={t("undoLabel", { id })}>
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
