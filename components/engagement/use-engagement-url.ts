"use client";

import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import {
  fromRange,
  postEngagementParsers,
  postEngagementState,
  rangeParsers,
  toRange,
  type EngagementRange,
  type PostEngagementUrlState,
} from "@/lib/url-state/engagement";
import { URL_STATE_OPTIONS } from "@/lib/url-state/parsers";

/**
 * The campaign engagement page's range, read with the server page's parsers.
 * A new range replaces the URL in place without a server round trip: the
 * totals for a new `since` are a client query.
 */
export function useRangeUrl(): [EngagementRange, (range: EngagementRange) => void] {
  const [params, setParams] = useQueryStates(rangeParsers, URL_STATE_OPTIONS);
  const { range, from } = params;
  const value = useMemo(() => toRange({ range, from }), [range, from]);
  const set = useCallback((next: EngagementRange) => void setParams(fromRange(next)), [setParams]);
  return [value, set];
}

/** The post engagement page's metric, points and compared posts (never the post itself). */
export function usePostEngagementUrl(postId: number): [PostEngagementUrlState, (next: PostEngagementUrlState) => void] {
  const [params, setParams] = useQueryStates(postEngagementParsers, URL_STATE_OPTIONS);
  const state = useMemo(() => postEngagementState(params, postId), [params, postId]);
  const set = useCallback((next: PostEngagementUrlState) => void setParams(postEngagementState(next, postId)), [setParams, postId]);
  return [state, set];
}
