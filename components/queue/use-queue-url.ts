"use client";

import { usePathname } from "next/navigation";
import { useQueryStates } from "nuqs";
import { useCallback } from "react";
import { canonicalStatuses, queueParsers, queueUrlKeys, queueUrlSearch, type QueueUrlState } from "@/lib/url-state/queue";
import { URL_STATE_OPTIONS } from "@/lib/url-state/parsers";

/**
 * The queue's state from the URL (the same parsers as the server page) and a
 * setter that rewrites the URL in place: shallow, so a ticked filter responds
 * at once and only the posts query goes to the network, never the server page.
 */
export function useQueueUrl(): [QueueUrlState, (patch: Partial<QueueUrlState>) => void, (state: QueueUrlState) => string] {
  const pathname = usePathname();
  const [state, setState] = useQueryStates(queueParsers, { ...URL_STATE_OPTIONS, urlKeys: queueUrlKeys });
  const set = useCallback(
    (patch: Partial<QueueUrlState>) => {
      // A new filter, sort or page size starts again from the first page.
      const resetsPage = "statuses" in patch || "sort" in patch || "size" in patch;
      const statuses = patch.statuses && canonicalStatuses(patch.statuses);
      void setState({ ...(resetsPage ? { page: 1 } : {}), ...patch, ...(statuses ? { statuses } : {}) });
    },
    [setState],
  );
  const hrefFor = useCallback((next: QueueUrlState) => `${pathname}${queueUrlSearch(next)}`, [pathname]);
  return [state, set, hrefFor];
}
