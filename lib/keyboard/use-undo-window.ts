"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export const UNDO_WINDOW_MS = 5_000;

/** One decision waiting out its undo window: `key` names it ("approve:12", "bulk:3"), `item` is what `send` gets. */
export type Pending<T> = { key: string; dueAt: number; item: T };

/**
 * Decisions that wait `delayMs` before they are sent, so a stray `a` or a bulk
 * job started by mistake can be taken back. Nothing reaches the server during
 * the window. `undoLast` takes back the most recent one still waiting (u,
 * Ctrl/⌘+Z).
 *
 * Leaving the page (another route, closing the tab, reload) SENDS what is
 * pending rather than dropping it or asking: the person decided on purpose and
 * the undo window is a grace period, not a confirmation step; a dropped
 * decision would be silently lost, and a "leave page?" prompt on every
 * navigation during triage would be worse. On tab close the request goes out
 * with `keepalive` so the browser finishes it.
 */
export function useUndoWindow<T>(send: (item: T, opts: { keepalive: boolean }) => void, delayMs = UNDO_WINDOW_MS) {
  const [pending, setPending] = useState<readonly Pending<T>[]>([]);
  // In scheduling order (a Map keeps insertion order): the last one is what `undoLast` takes back.
  const entries = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; item: T }>());
  const sendRef = useRef(send);

  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const drop = useCallback((key: string) => {
    const entry = entries.current.get(key);
    if (!entry) return null;
    clearTimeout(entry.timer);
    entries.current.delete(key);
    setPending((list) => list.filter((p) => p.key !== key));
    return entry.item;
  }, []);

  const fire = useCallback(
    (key: string, keepalive: boolean) => {
      const item = drop(key);
      if (item !== null) sendRef.current(item, { keepalive });
    },
    [drop],
  );

  /** Starts the window; false when `key` is already waiting (a second `a` on the same post). */
  const schedule = useCallback(
    (key: string, item: T) => {
      if (entries.current.has(key)) return false;
      entries.current.set(key, { timer: setTimeout(() => fire(key, false), delayMs), item });
      setPending((list) => [...list, { key, dueAt: Date.now() + delayMs, item }]);
      return true;
    },
    [delayMs, fire],
  );

  /** Takes one back; its item, or null when it was already sent (or never waiting). */
  const undo = useCallback((key: string): T | null => drop(key), [drop]);

  /** Takes back the most recent one still waiting. */
  const undoLast = useCallback((): { key: string; item: T } | null => {
    const key = [...entries.current.keys()].at(-1);
    if (key === undefined) return null;
    const item = drop(key);
    return item === null ? null : { key, item };
  }, [drop]);

  const has = useCallback((key: string) => entries.current.has(key), []);
  const size = useCallback(() => entries.current.size, []);

  useEffect(() => {
    const map = entries.current;
    const sendAll = () => {
      for (const [key, { timer, item }] of [...map]) {
        clearTimeout(timer);
        map.delete(key);
        sendRef.current(item, { keepalive: true });
      }
      // A page restored from the back-forward cache must not show them as still waiting.
      setPending([]);
    };
    window.addEventListener("pagehide", sendAll);
    return () => {
      window.removeEventListener("pagehide", sendAll);
      // Unmount = in-app navigation away from the page: send what is pending now.
      sendAll();
    };
  }, []);

  return { pending, schedule, undo, undoLast, has, size };
}
