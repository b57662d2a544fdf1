"use client";

import { useSyncExternalStore, type ReactNode } from "react";

const subscribe = () => () => {};

/** False in the server render and while hydrating (so the markup matches), true after and on client-side mounts. */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Renders `children` only in the browser: the server (and the hydrating
 * render, so the markup matches) shows `fallback`. For panels whose server
 * prefetch failed: rendered on the server, their `useSuspenseQuery` would
 * run the browser's fetch of a relative `/api/...` URL there, fail, and hold
 * the page; in the browser it is an ordinary fetch with its own error state.
 */
export function BrowserOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useInBrowser() ? children : fallback;
}
