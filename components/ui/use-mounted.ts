"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server render and hydration, true after. A button whose click
 * does its work in JavaScript is disabled until then: a tap on the server's
 * HTML before React listens is lost without a word (the post page's Approve
 * on a phone, measured at 4× CPU slowdown). A panel that reads
 * a query another panel prefetches further down must not create that query
 * in the server's cache first: React Query hydrates a query that already
 * exists only in an effect, which never runs on the server, and the
 * prefetched panel would then fetch there (refused: relative URLs).
 */
export function useMounted(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
