import "server-only";
import { HydrationBoundary, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BrowserOnly } from "@/lib/queries/browser-only";
import { getServerQueryClient, prefetched, prefetchEntries } from "@/lib/queries/server-query-client";
import { isClientNavigation } from "@/lib/server/render/client-navigation";

/**
 * Fetches one panel's data on the server (one call, no retries), then renders
 * the panel with that data hydrated. Wrapped in its own Suspense, it streams
 * in when ready without holding up the rest of the page. A failure is left to
 * the client: the panel is not rendered on the server at all (its
 * `useSuspenseQuery` would otherwise fetch there), and in the browser it
 * fetches again and shows its own error state.
 */
export async function Prefetch<T>({
  queryKey,
  queryFn,
  fallback,
  children,
}: {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** Shown by the server render when the prefetch failed (the panel's skeleton). */
  fallback?: ReactNode;
  children: ReactNode;
}) {
  // A click in the app: the browser's cache answers first (see isClientNavigation).
  if (await isClientNavigation()) return <>{children}</>;
  // The request's one QueryClient, one call and no retries (lib/queries/server-query-client.ts).
  const client = getServerQueryClient();
  const state = await prefetchEntries([{ queryKey, queryFn }], client);
  const ok = prefetched(queryKey, client);
  return (
    <HydrationBoundary state={state}>
      {ok ? children : <BrowserOnly fallback={fallback}>{children}</BrowserOnly>}
    </HydrationBoundary>
  );
}
