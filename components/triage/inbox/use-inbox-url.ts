"use client";

import { usePathname } from "next/navigation";
import { useQueryStates } from "nuqs";
import { useCallback } from "react";
import { URL_STATE_OPTIONS } from "@/lib/url-state/parsers";
import { inboxParsers, inboxUrlKeys, inboxUrlSearch, type InboxUrlState } from "@/lib/url-state/inbox";

/**
 * The inbox's state from the URL (the same parsers as the server page) and a
 * setter that rewrites it in place: shallow, so a filter responds at once and
 * only the inbox query goes to the network, never the server page.
 */
export function useInboxUrl(): [InboxUrlState, (patch: Partial<InboxUrlState>) => void, (state: InboxUrlState) => string] {
  const pathname = usePathname();
  const [state, setState] = useQueryStates(inboxParsers, { ...URL_STATE_OPTIONS, urlKeys: inboxUrlKeys });
  const set = useCallback(
    (patch: Partial<InboxUrlState>) => {
      // A new filter or page size starts again from the first page.
      const resetsPage = Object.keys(patch).some((k) => k !== "page");
      void setState({ ...(resetsPage ? { page: 1 } : {}), ...patch });
    },
    [setState],
  );
  const hrefFor = useCallback((next: InboxUrlState) => `${pathname}${inboxUrlSearch(next)}`, [pathname]);
  return [state, set, hrefFor];
}
