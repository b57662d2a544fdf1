"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { UNDO_WINDOW_MS, type PendingApproval } from "@/lib/keyboard/use-pending-approvals";
import { cn } from "@/lib/cn";

const UNDO_SECONDS = UNDO_WINDOW_MS / 1000;

export type Notice = { key: number; tone: "ok" | "error"; text: string };

/**
 * Bottom-corner notices: approvals waiting out their undo window (with a
 * countdown and Undo), and the outcome of decisions. The region is polite:
 * it never interrupts what a screen reader is saying.
 */
export function Toasts({ pending, notices, onUndo, onDismiss }: { pending: readonly PendingApproval[]; notices: readonly Notice[]; onUndo: (id: number) => void; onDismiss: (key: number) => void }) {
  const t = useTranslations("review.queue.toast");
  const now = useNow(pending.length > 0);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-2 bottom-2 z-40 flex flex-col items-end gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96">
      {pending.map((p) => {
        // `now` may predate the toast by up to one tick: never show more than the window itself.
        const seconds = Math.min(UNDO_SECONDS, Math.max(0, Math.ceil((p.dueAt - now) / 1000)));
        return (
          <div key={`p${p.id}`} role="status" className="pointer-events-auto flex w-full items-center justify-between gap-3 rounded-lg bg-zinc-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-zinc-100 dark:text-zinc-900">
            <span>{t("approving", { id: p.id, seconds })}</span>
            <Button size="sm" variant="secondary" onClick={() => onUndo(p.id)} aria-label={t("undoLabel", { id: p.id })}>
              {t("undo")}
            </Button>
          </div>
        );
      })}
      {notices.map((n) => (
        <div
          key={n.key}
          className={cn(
            "pointer-events-auto flex w-full items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg",
            n.tone === "ok"
              ? "border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
              : "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
          )}
        >
          <span>{n.text}</span>
          <Button size="sm" variant="ghost" className="h-6 px-2" onClick={() => onDismiss(n.key)} aria-label={t("dismiss")}>
            ×
          </Button>
        </div>
      ))}
    </div>
  );
}

/** The current time, ticking every 250 ms while something counts down. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
