"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { parseQueueUrl, queueUrlSearch, type QueueUrlState } from "@/lib/url-state/queue";

/** The queue's state from the URL (the same parser as the server page) and a setter that rewrites the URL. */
export function useQueueUrl(): [QueueUrlState, (patch: Partial<QueueUrlState>) => void, (state: QueueUrlState) => string] {
  const search = useSearchParams();
  const pathname = usePathname();
  const state = useMemo(() => parseQueueUrl(new URLSearchParams(search.toString())), [search]);
  const hrefFor = useCallback((next: QueueUrlState) => `${pathname}${queueUrlSearch(next)}`, [pathname]);
  const set = useCallback(
    (patch: Partial<QueueUrlState>) => {
      // A new filter, sort or page size starts again from the first page.
      const resetsPage = "statuses" in patch || "sort" in patch || "size" in patch;
      const next = { ...state, ...(resetsPage ? { page: 1 } : {}), ...patch };
      // The native history API: Next keeps useSearchParams in step without a server round trip,
      // so a ticked filter responds at once and only the posts query goes to the network.
      window.history.replaceState(null, "", hrefFor(next));
    },
    [state, hrefFor],
  );
  return [state, set, hrefFor];
}
