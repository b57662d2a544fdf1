"use client";

import { useSyncExternalStore } from "react";

/*
 * Whether links may prefetch yet (and other work that can wait for the page's
 * first quiet moment: the post page's presence). A table page has dozens of links in view,
 * and prefetching each route as it appears (requests, their answers decoded,
 * the router's cache filled) ran in the same seconds as the page's own
 * hydration and first data: on a phone those tasks were part of the page's
 * blocking time. Links therefore start prefetching once the page has loaded
 * and the browser first has a quiet moment (at most 1.5 s after the load
 * event); one flag for the whole tab, set once, so client-side navigations
 * later prefetch at once. The server render and hydration say "not yet", so
 * the markup matches.
 */
let ready = false;
const listeners = new Set<() => void>();

function markReady(): void {
  if (ready) return;
  ready = true;
  listeners.forEach((l) => l());
}

function whenQuiet(): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(markReady, { timeout: 1_500 });
  else window.setTimeout(markReady, 300);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (!ready && listeners.size === 1) {
    if (document.readyState === "complete") whenQuiet();
    else window.addEventListener("load", whenQuiet, { once: true });
  }
  return () => listeners.delete(onChange);
}

export function usePrefetchReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ready,
    () => false,
  );
}
