"use client";

import { useQueryStates } from "nuqs";
import { useCallback } from "react";
import { activityParsers, type ActivityFilters } from "@/lib/url-state/activity";
import { URL_STATE_OPTIONS } from "@/lib/url-state/parsers";

/**
 * The activity log's filters from the URL (the shared parsers). Applying
 * filters or turning a page replaces the URL in place, without a server round
 * trip: the log is a client query. `reset()` drops every filter.
 */
export function useActivityUrl() {
  const [filters, setFilters] = useQueryStates(activityParsers, URL_STATE_OPTIONS);
  const apply = useCallback((next: ActivityFilters) => void setFilters(next), [setFilters]);
  const reset = useCallback(() => void setFilters(null), [setFilters]);
  return { filters, apply, reset };
}
