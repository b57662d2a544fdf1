import { createLoader, createSerializer, type inferParserType } from "nuqs/server";
import { parseAsDay, parseAsId } from "./parsers";

/**
 * The review analytics page's URL state, defined once for the server page
 * and the client: `?from=2026-09-01&to=2026-11-23&campaign=101`. Days are
 * calendar days in the home time zone, both included; left out, the server
 * takes the last 30 days up to today. Invalid values are dropped.
 */
export const reviewAnalyticsParsers = {
  from: parseAsDay,
  to: parseAsDay,
  campaign: parseAsId,
};

export type ReviewAnalyticsFilters = inferParserType<typeof reviewAnalyticsParsers>;

export const REVIEW_NO_FILTERS: ReviewAnalyticsFilters = { from: null, to: null, campaign: null };

export const parseReviewAnalyticsUrl = createLoader(reviewAnalyticsParsers);

/** The query string of the filters; empty ones are left out. */
export const reviewAnalyticsUrlSearch = createSerializer(reviewAnalyticsParsers);
