import "server-only";
import { dehydrate, hashKey, type DehydratedState, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { cache } from "react";
import { eventResumePoint } from "@/lib/server/events";
import { makeQueryClient } from "@/lib/queries/query-client";

/**
 * One QueryClient per server request, shared by the layout, the page and every
 * prefetch helper of that request (React `cache()` scopes it to the request):
 * a query two of them need is read once. Never retries (makeQueryClient's
 * server defaults): a failing prefetch costs one call.
 */
export const getServerQueryClient: () => QueryClient = cache(() => {
  // The page's event stream resumes from before its first read (see eventResumePoint).
  eventResumePoint();
  return makeQueryClient();
});

export type PrefetchEntry = {
  queryKey: QueryKey;
  queryFn: () => Promise<unknown>;
  /**
   * Reads that need this one's answer (the overview's per-campaign reads need the campaign
   * list), made once it succeeded and hydrated with it: the browser would otherwise make
   * them right after hydrating, each answer one more render while the page starts.
   */
  then?: (data: never) => readonly PrefetchEntry[];
};

/** An entry whose follow-up reads see its answer's type. */
export function prefetchEntry<T>(queryKey: QueryKey, queryFn: () => Promise<T>, then?: (data: T) => readonly PrefetchEntry[]): PrefetchEntry {
  return { queryKey, queryFn, then: then as PrefetchEntry["then"] };
}

/**
 * Runs reads on the request's client, one call each and no retries (a read
 * another helper of the same request already made is not made again), and
 * returns what to hydrate: only these entries, and only those that succeeded.
 * A failure is left to the browser, which fetches again and heals on its own;
 * queries of other helpers still in flight are not passed along, so one
 * helper never hands the browser another's pending or failing read.
 */
export async function prefetchEntries(entries: readonly PrefetchEntry[], client: QueryClient = getServerQueryClient()): Promise<DehydratedState> {
  const wanted = new Set<string>();
  await read(entries, client, wanted);
  return dehydrate(client, { shouldDehydrateQuery: (q) => wanted.has(q.queryHash) && q.state.status === "success" });
}

/** Each entry once, then its follow-ups if it succeeded; every key read is added to `wanted`. */
async function read(entries: readonly PrefetchEntry[], client: QueryClient, wanted: Set<string>): Promise<void> {
  await Promise.all(
    entries.map(async ({ queryKey, queryFn, then }) => {
      wanted.add(hashKey(queryKey));
      await client.prefetchQuery({ queryKey, queryFn, retry: false });
      if (!then || client.getQueryState(queryKey)?.status !== "success") return;
      let next: readonly PrefetchEntry[];
      try {
        next = then(client.getQueryData(queryKey) as never);
      } catch {
        return; // An answer the follow-ups cannot read: they are left to the browser, like a failed read.
      }
      await read(next, client, wanted);
    }),
  );
}

/** Whether the request's client holds a good answer for `queryKey`. */
export function prefetched(queryKey: QueryKey, client: QueryClient = getServerQueryClient()): boolean {
  return client.getQueryState(queryKey)?.status === "success";
}
