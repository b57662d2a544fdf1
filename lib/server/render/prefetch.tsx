import "server-only";
import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import { Suspense } from "react";
import { prefetched, prefetchEntries, type PrefetchEntry } from "@/lib/server/queries/server-query-client";
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
  return <Hydrated state={prefetchEntries(entries)}>{children}</Hydrated>;
}

/** Hands the answers of reads already under way to the client panels, once they are in. */
async function Hydrated({ state, children }: { state: Promise<DehydratedState>; children: React.ReactNode }) {
  return <HydrationBoundary state={await state}>{children}</HydrationBoundary>;
}

/** How long a first load's HTML may wait for its data before streaming it later instead. */
export const HEAD_START_MS = 250;

/**
 * Prefetch without a Suspense boundary when the data comes in time. A first load waits up to
 * `HEAD_START_MS` for the reads (the gateway's cache usually answers in a few ms) and then puts
 * the content into the HTML's first paint. Behind a Suspense boundary it would not be: React
 * streams a large finished boundary as a separate part and reveals it only 300 ms after the
 * first paint, which made the page's largest paint wait for its scripts. A slower read streams
 * in behind `fallback` as before. A click in the app reads nothing here and renders at once.
 */
export async function PrefetchFirst({ entries, fallback, children }: { entries: PrefetchEntry[]; fallback: React.ReactNode; children: React.ReactNode }) {
  if (await isClientNavigation()) return <>{children}</>;
  // One read per entry, waited for here and hydrated below: a read that failed within the head
  // start is not made a second time (the request's client would not dedupe a failed query).
  const state = prefetchEntries(entries);
  const content = <Hydrated state={state}>{children}</Hydrated>;
  return (await settlesWithin(state, HEAD_START_MS)) ? content : <Suspense fallback={fallback}>{content}</Suspense>;
}

/** Whether `work` settles (either way) within `ms`; it goes on either way. */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = work.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `entry` when it answers within `ms`, to hand to a page's prefetch with its own reads; nothing
 * when it is slower (the browser reads it then, as before), so a page never waits longer than
 * that for a read it can do without. Nothing on a client navigation, which reads no data here.
 * The read goes on either way on the request's client: the page's prefetch finds it there.
 */
export async function readWithin(entry: PrefetchEntry, ms: number): Promise<PrefetchEntry[]> {
  if (await isClientNavigation()) return [];
  return (await settlesWithin(prefetchEntries([entry]), ms)) && prefetched(entry.queryKey) ? [entry] : [];
}
