import { POST_SORTS, POST_STATUSES, type PostSort, type PostStatus } from "@/lib/schemas/common";

/**
 * The review queue's URL state, defined once: the server page parses its
 * `searchParams` with it and the client parses `useSearchParams()` with it,
 * so both render the same page. `?status=WAITING_APPROVAL,APPROVED&sort=-publish_at&page=2&size=50`.
 * Anything invalid falls back to its default, field by field, so a hand-edited
 * or outdated link still opens a sensible queue instead of an error.
 */
export const QUEUE_PAGE_SIZES = [20, 50, 100] as const;
export type QueuePageSize = (typeof QUEUE_PAGE_SIZES)[number];

export type QueueUrlState = {
  statuses: PostStatus[];
  sort: PostSort;
  /** 1-based. */
  page: number;
  size: QueuePageSize;
};

export const QUEUE_DEFAULTS: QueueUrlState = {
  statuses: ["WAITING_APPROVAL"],
  sort: "-publish_at",
  page: 1,
  size: 20,
};

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

function first(raw: RawParams, key: string): string | undefined {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
}

function parseStatuses(value: string | undefined): PostStatus[] {
  if (value === undefined) return QUEUE_DEFAULTS.statuses;
  const known = new Set<string>(POST_STATUSES);
  const picked = new Set(value.split(",").map((s) => s.trim().toUpperCase()).filter((s) => known.has(s)));
  // Keep the canonical order, so the same filter always makes the same URL and query key.
  const list = POST_STATUSES.filter((s) => picked.has(s));
  return list.length > 0 ? list : QUEUE_DEFAULTS.statuses;
}

function parseSort(value: string | undefined): PostSort {
  return (POST_SORTS as readonly string[]).includes(value ?? "") ? (value as PostSort) : QUEUE_DEFAULTS.sort;
}

function parsePositiveInt(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

function parseSize(value: string | undefined): QueuePageSize {
  const n = parsePositiveInt(value);
  return (QUEUE_PAGE_SIZES as readonly number[]).includes(n ?? 0) ? (n as QueuePageSize) : QUEUE_DEFAULTS.size;
}

export function parseQueueUrl(raw: RawParams): QueueUrlState {
  return {
    statuses: parseStatuses(first(raw, "status")),
    sort: parseSort(first(raw, "sort")),
    page: parsePositiveInt(first(raw, "page")) ?? QUEUE_DEFAULTS.page,
    size: parseSize(first(raw, "size")),
  };
}

/** The query string for a state; defaults are left out so the plain link stays plain. */
export function queueUrlSearch(state: QueueUrlState): string {
  const params = new URLSearchParams();
  const statuses = POST_STATUSES.filter((s) => state.statuses.includes(s));
  if (statuses.join(",") !== QUEUE_DEFAULTS.statuses.join(",")) params.set("status", statuses.join(","));
  if (state.sort !== QUEUE_DEFAULTS.sort) params.set("sort", state.sort);
  if (state.page !== QUEUE_DEFAULTS.page) params.set("page", String(state.page));
  if (state.size !== QUEUE_DEFAULTS.size) params.set("size", String(state.size));
  const qs = params.toString();
  // Commas are legal in a query and far easier to read in a shared link than %2C.
  return qs ? `?${qs.replace(/%2C/gi, ",")}` : "";
}

/** What the posts route is asked for: the upstream's own parameter names. */
export function queueApiQuery(state: QueueUrlState): { status: string; sort: PostSort; limit: number; offset: number } {
  return { status: state.statuses.join(","), sort: state.sort, limit: state.size, offset: (state.page - 1) * state.size };
}

/** The last page that has rows (at least 1), for clamping a page number past the end. */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
