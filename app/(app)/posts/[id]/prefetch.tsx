import "server-only";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BrowserOnly } from "@/lib/queries/browser-only";
import { prefetched } from "@/lib/server/queries/server-query-client";

/**
 * A panel whose data the page read on the server beforehand (the post page's first-load read: one
 * call, no retries). Read: the panel renders from the page's hydrated cache and is `ready` (no
 * Suspense boundary, so it comes in the HTML's first part, not streamed apart and revealed late).
 * Failed, or not read at all (a click in the app): the panel is left to the browser, where it
 * fetches and shows its own error state; in the server render its `useSuspenseQuery` would
 * otherwise fetch a relative `/api/...` URL there, fail, and hold the page.
 */
export function ReadOnServer({
  client,
  queryKey,
  fallback,
  children,
}: {
  client: QueryClient;
  queryKey: QueryKey;
  /** Shown by the server render when the data is not in (the panel's skeleton). */
  fallback: ReactNode;
  children: (ready: boolean) => ReactNode;
}) {
  return prefetched(queryKey, client) ? children(true) : <BrowserOnly fallback={fallback}>{children(false)}</BrowserOnly>;
}
