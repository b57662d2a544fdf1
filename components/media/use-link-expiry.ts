"use client";

import { useEffect, useRef, useState } from "react";

/** Refresh the links when this share of their lifetime has passed. */
export const REFRESH_AT = 0.8;
/** Never refetch more often than this, even if an upstream hands out near-dead links. */
const MIN_DELAY_MS = 15_000;
/** setTimeout's largest delay (about 24.8 days). */
const MAX_DELAY_MS = 2_147_483_647;

export type LinkTimes = { refreshAt: number; expiresAt: number };

/**
 * When the temporary links of one answer are to be refreshed and when they
 * lapse. The lifetime counts from when the server fetched them
 * (`meta.fetchedAt`); if the browser's clock disagrees, the earlier of that
 * and the moment the browser received the answer wins, so we refresh early
 * rather than late.
 */
export function linkTimes(fetchedAt: string, receivedAt: number, expiresInSeconds: number): LinkTimes {
  const fetched = Date.parse(fetchedAt);
  const base = Number.isFinite(fetched) ? Math.min(fetched, receivedAt) : receivedAt;
  const lifetime = Math.max(0, expiresInSeconds) * 1000;
  return { refreshAt: base + lifetime * REFRESH_AT, expiresAt: base + lifetime };
}

/**
 * Schedules `refresh` at 80% of the links' lifetime and reports whether they
 * have lapsed (so images can say "link expired, refreshing…" rather than show
 * a broken picture). Depends on the two numbers only, so a refetch that brings
 * back the same links schedules nothing new.
 */
export function useLinkExpiry(times: LinkTimes | null, refresh: () => void): { expired: boolean } {
  const [now, setNow] = useState(() => Date.now());
  const lastRefresh = useRef(0);
  const refreshAt = times?.refreshAt ?? null;
  const expiresAt = times?.expiresAt ?? null;

  useEffect(() => {
    if (refreshAt === null || expiresAt === null) return;
    const at = Date.now();
    const refreshIn = Math.min(MAX_DELAY_MS, Math.max(0, refreshAt - at, lastRefresh.current + MIN_DELAY_MS - at));
    const refreshTimer = setTimeout(() => {
      lastRefresh.current = Date.now();
      refresh();
    }, refreshIn);
    // Re-render once the links lapse, so the media show the "expired" state.
    const expireIn = expiresAt - at;
    const expireTimer = expireIn > 0 && expireIn < MAX_DELAY_MS ? setTimeout(() => setNow(Date.now()), expireIn) : undefined;
    return () => {
      clearTimeout(refreshTimer);
      if (expireTimer) clearTimeout(expireTimer);
    };
  }, [refreshAt, expiresAt, refresh]);

  return { expired: expiresAt !== null && now >= expiresAt };
}
