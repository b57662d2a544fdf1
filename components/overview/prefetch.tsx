import "server-only";
import { dehydrate, HydrationBoundary, type QueryKey } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/queries/query-client";
import { isClientNavigation } from "@/lib/server/render/client-navigation";

export type PrefetchEntry = { queryKey: QueryKey; queryFn: () => Promise<unknown> };

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
  const client = makeQueryClient();
  // No retries on the server: a slow retry loop would hold the page; the browser retries instead.
  await Promise.all(entries.map((e) => client.prefetchQuery({ ...e, retry: false })));
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
