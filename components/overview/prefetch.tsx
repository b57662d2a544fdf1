import "server-only";
import { HydrationBoundary } from "@tanstack/react-query";
import { prefetchEntries, type PrefetchEntry } from "@/lib/queries/server-query-client";
import { isClientNavigation } from "@/lib/server/render/client-navigation";

export type { PrefetchEntry };

/**
 * Runs a page's first reads on the server (through the budgeted, cached
 * service, under the same keys the client uses) and hands the answers to the
 * client panels. A failed read is not passed on: the panel fetches again in
 * the browser and shows its own error state with a retry. Wrap in Suspense so
 * the page shell streams before the data.
 */
export async function Prefetch({ entries, children }: { entries: PrefetchEntry[]; children: React.ReactNode }) {
  // A click in the app: the browser's cache answers first (see isClientNavigation).
  if (await isClientNavigation()) return <>{children}</>;
  // The request's one QueryClient; no retries on the server: a retry loop would hold the page, the browser retries instead.
  return <HydrationBoundary state={await prefetchEntries(entries)}>{children}</HydrationBoundary>;
}
