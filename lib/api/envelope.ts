import type { ErrorEnvelope } from "@/lib/schemas";

/**
 * What every dashboard GET route answers: the upstream's (parsed, cleaned)
 * body in `data`, and how fresh it is in `meta`. When the budget is spent or
 * the upstream fails, the last good answer comes back with `stale: true`
 * (and the `X-Data-Stale: 1` header), so pages can say so.
 */
export type DataMeta = {
  stale: boolean;
  /** When the upstream produced this answer (ISO 8601). */
  fetchedAt: string;
  /** Set when stale: when the dashboard will next try the upstream (ISO 8601). */
  retryAt?: string;
};

export type DataResponse<T> = { data: T; meta: DataMeta };

export type { ErrorEnvelope };

export const STALE_HEADER = "X-Data-Stale";
