import "server-only";
import { dehydrate, hashKey, type DehydratedState, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { cache } from "react";
import { makeQueryClient } from "./query-client";

/**
 * One QueryClient per server request, shared by the layout, the page and every
 * prefetch helper of that request (React `cache()` scopes it to the request):
 * a query two of them need is read once. Never retries (makeQueryClient's
 * server defaults): a failing prefetch costs one call.
 */
export const getServerQueryClient: () => QueryClient = cache(makeQueryClient);

export type PrefetchEntry = { queryKey: QueryKey; queryFn: () => Promise<unknown> };

/**
 * Runs reads on the request's client, one call each and no retries (a read
 * another helper of the same request already made is not made again), and
 * returns what to hydrate: only these entries, and only those that succeeded.
 * A failure is left to the browser, which fetches again and heals on its own;
 * queries of other helpers still in flight are not passed along, so one
 * helper never hands the browser another's pending or failing read.
 */
export async function prefetchEntries(entries: readonly PrefetchEntry[], client: QueryClient = getServerQueryClient()): Promise<DehydratedState> {
  await Promise.all(entries.map((e) => client.prefetchQuery({ ...e, retry: false })));
  const wanted = new Set(entries.map((e) => hashKey(e.queryKey)));
  return dehydrate(client, { shouldDehydrateQuery: (q) => wanted.has(q.queryHash) && q.state.status === "success" });
}

/** Whether the request's client holds a good answer for `queryKey`. */
export function prefetched(queryKey: QueryKey, client: QueryClient = getServerQueryClient()): boolean {
  return client.getQueryState(queryKey)?.status === "success";
}
