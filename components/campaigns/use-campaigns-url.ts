"use client";

import { useQueryStates } from "nuqs";
import { useCallback } from "react";
import { CAMPAIGN_STATUSES } from "@/lib/schemas/values";
import { campaignsParsers, campaignsUrlKeys, type CampaignsUrlState } from "@/lib/url-state/campaigns";
import { SEARCH_URL_UPDATES, URL_STATE_OPTIONS } from "@/lib/url-state/parsers";

/**
 * The campaigns list's filters from the URL, with the server page's parsers.
 * Changes replace the URL in place without a server round trip (the list is
 * a client query); the search text shows at once and reaches the URL once
 * typing pauses. `reset()` goes back to the defaults.
 */
export function useCampaignsUrl() {
  const [state, setState] = useQueryStates(campaignsParsers, { ...URL_STATE_OPTIONS, urlKeys: campaignsUrlKeys });
  const update = useCallback(
    // Statuses in the canonical order, as a link would give them: one filter, one view.
    (patch: Partial<CampaignsUrlState>) =>
      void setState(patch.statuses ? { ...patch, statuses: CAMPAIGN_STATUSES.filter((s) => patch.statuses?.includes(s)) } : patch),
    [setState],
  );
  const search = useCallback((q: string) => void setState({ q }, SEARCH_URL_UPDATES), [setState]);
  const reset = useCallback(() => void setState(null), [setState]);
  return { state, update, search, reset };
}
