"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export const UNDO_WINDOW_MS = 5_000;

export type PendingApproval = { id: number; dueAt: number };

/**
 * Approvals made from the keyboard wait `delayMs` before they are sent, so a
 * stray `a` can be undone. Nothing reaches the server during the window.
 *
 * Leaving the page (another route, closing the tab, reload) SENDS what is
 * pending rather than dropping it or asking: the person pressed `a` on
 * purpose and the undo window is a grace period, not a confirmation step; a
 * dropped approval would be silently lost, and a "leave page?" prompt on
 * every navigation during triage would be worse. On tab close the request
 * goes out with `keepalive` so the browser finishes it.
 */
export function usePendingApprovals(send: (id: number, opts: { keepalive: boolean }) => void, delayMs = UNDO_WINDOW_MS) {
  const [pending, setPending] = useState<readonly PendingApproval[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const sendRef = useRef(send);

  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const fire = useCallback((id: number, keepalive: boolean) => {
    const timer = timers.current.get(id);
    if (timer === undefined) return;
    clearTimeout(timer);
    timers.current.delete(id);
    setPending((list) => list.filter((p) => p.id !== id));
    sendRef.current(id, { keepalive });
  }, []);

  const schedule = useCallback(
    (id: number) => {
      if (timers.current.has(id)) return;
      timers.current.set(id, setTimeout(() => fire(id, false), delayMs));
      setPending((list) => [...list, { id, dueAt: Date.now() + delayMs }]);
    },
    [delayMs, fire],
  );

  const undo = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer === undefined) return false;
    clearTimeout(timer);
    timers.current.delete(id);
    setPending((list) => list.filter((p) => p.id !== id));
    return true;
  }, []);

  const flush = useCallback(
    (keepalive = false) => {
      for (const id of [...timers.current.keys()]) fire(id, keepalive);
    },
    [fire],
  );

  useEffect(() => {
    const map = timers.current;
    const onPageHide = () => {
      for (const id of [...map.keys()]) {
        clearTimeout(map.get(id));
        map.delete(id);
        sendRef.current(id, { keepalive: true });
      }
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      // Unmount = in-app navigation away from the queue: send what is pending now.
      onPageHide();
    };
  }, []);

  return { pending, schedule, undo, flush };
}
