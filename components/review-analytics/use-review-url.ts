"use client";

import { useQueryStates } from "nuqs";
import { useCallback } from "react";
import { URL_STATE_OPTIONS } from "@/lib/url-state/parsers";
import { reviewAnalyticsParsers, type ReviewAnalyticsFilters } from "@/lib/url-state/review-analytics";

/** The analytics filters from the URL (the shared parsers); applying replaces the URL in place, the data is a client query. */
export function useReviewUrl() {
  const [filters, setFilters] = useQueryStates(reviewAnalyticsParsers, URL_STATE_OPTIONS);
  const apply = useCallback((next: ReviewAnalyticsFilters) => void setFilters(next), [setFilters]);
  const reset = useCallback(() => void setFilters(null), [setFilters]);
  return { filters, apply, reset };
}
