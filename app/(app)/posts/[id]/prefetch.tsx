import "server-only";
import { dehydrate, HydrationBoundary, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { makeQueryClient } from "@/lib/queries/query-client";

/**
 * Fetches one panel's data on the server, then renders the panel with that
 * data hydrated. Wrapped in its own Suspense, it streams in when ready
 * without holding up the rest of the page. A failure is left to the client:
 * the panel fetches again there and shows its own error state.
 */
export async function Prefetch<T>({ queryKey, queryFn, children }: { queryKey: QueryKey; queryFn: () => Promise<T>; children: ReactNode }) {
  const client = makeQueryClient();
  await client.prefetchQuery({ queryKey, queryFn });
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
