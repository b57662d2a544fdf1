import { METRIC_TYPES, type MetricType } from "@/lib/schemas";
import { calendarDay, shiftDay } from "@/lib/analytics/dates";

/**
 * URL state of the engagement pages, one parser for server page and client.
 * Campaign page: `?range=7|30|90|custom&from=YYYY-MM-DD` (default 30 days).
 * Post page: `?metric=VIEWS&points=50&compare=12,34`.
 */
export const RANGE_PRESETS = ["7", "30", "90"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export type EngagementRange = { kind: "preset"; days: RangePreset } | { kind: "custom"; from: string };
export const DEFAULT_RANGE: EngagementRange = { kind: "preset", days: "30" }; // rangeQuery leaves this out of the URL

export const HISTORY_POINTS = [20, 50, 100, 200] as const;
export type HistoryPointsOption = (typeof HISTORY_POINTS)[number];
export const DEFAULT_POINTS: HistoryPointsOption = 50;
/** The post itself plus up to three others on one chart. */
export const MAX_COMPARED = 3;

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

function first(params: RawParams, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const v = params[key];
  return Array.isArray(v) ? v[0] : v;
}

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

export function parseRange(params: RawParams): EngagementRange {
  const range = first(params, "range");
  const from = first(params, "from");
  if (range === "custom" && from && isDate(from)) return { kind: "custom", from };
  if (range && (RANGE_PRESETS as readonly string[]).includes(range)) return { kind: "preset", days: range as RangePreset };
  return DEFAULT_RANGE;
}

export function rangeQuery(range: EngagementRange): string {
  if (range.kind === "custom") return `?range=custom&from=${range.from}`;
  return range.days === "30" ? "" : `?range=${range.days}`;
}

/** The first calendar day of the range (home time zone). Day-granular, so the cache key holds all day. */
export function rangeStartDay(range: EngagementRange, now: Date): string {
  return range.kind === "custom" ? range.from : shiftDay(calendarDay(now), -Number(range.days));
}

/** The API's `since` for a range: midnight of its first day, Moscow time (the service's zone). */
export function rangeSince(range: EngagementRange, now: Date): string {
  return `${rangeStartDay(range, now)}T00:00:00+03:00`;
}

export type PostEngagementUrlState = { metric: MetricType; points: HistoryPointsOption; compare: number[] };

export function parsePostEngagementUrl(params: RawParams, postId?: number): PostEngagementUrlState {
  const metricRaw = first(params, "metric");
  const metric = (METRIC_TYPES as readonly string[]).includes(metricRaw ?? "") ? (metricRaw as MetricType) : "VIEWS";
  const pointsRaw = Number(first(params, "points"));
  const points = (HISTORY_POINTS as readonly number[]).includes(pointsRaw) ? (pointsRaw as HistoryPointsOption) : DEFAULT_POINTS;
  const compare = [
    ...new Set(
      (first(params, "compare") ?? "")
        .split(",")
        .filter((s) => /^[1-9]\d{0,15}$/.test(s))
        .map(Number)
        .filter((id) => id !== postId),
    ),
  ].slice(0, MAX_COMPARED);
  return { metric, points, compare };
}

export function postEngagementUrlQuery(state: PostEngagementUrlState): string {
  const params = new URLSearchParams();
  if (state.metric !== "VIEWS") params.set("metric", state.metric);
  if (state.points !== DEFAULT_POINTS) params.set("points", String(state.points));
  if (state.compare.length > 0) params.set("compare", state.compare.join(","));
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}
