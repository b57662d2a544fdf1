import { createLoader, createSerializer, parseAsStringLiteral, type inferParserType, type LoaderInput } from "nuqs/server";
import { calendarDay, shiftDay } from "@/lib/analytics/dates";
import { DEFAULT_TIME_ZONE, isoInZone, startOfDay } from "@/lib/time/zone";
import { METRIC_TYPES, type MetricType } from "@/lib/schemas/values";
import { parseAsDay, parseAsIdList, parseAsIntLiteral } from "./parsers";

/**
 * URL state of the engagement pages, one set of parsers for server page and client.
 * Campaign page: `?range=7|30|90|custom&from=YYYY-MM-DD` (default 30 days).
 * Post page: `?metric=VIEWS&points=50&compare=12,34&align=calendar` (default `since`: by time since publication).
 */
export const RANGE_PRESETS = ["7", "30", "90"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export type EngagementRange = { kind: "preset"; days: RangePreset } | { kind: "custom"; from: string };
export const DEFAULT_RANGE: EngagementRange = { kind: "preset", days: "30" }; // rangeQuery leaves this out of the URL

/** The two keys as they sit in the URL; `toRange` turns them into one range. */
export const rangeParsers = {
  range: parseAsStringLiteral([...RANGE_PRESETS, "custom"]).withDefault("30"),
  from: parseAsDay,
};
export type RangeParams = inferParserType<typeof rangeParsers>;

/** `custom` needs a valid `from`; without one the range is the default. */
export function toRange({ range, from }: RangeParams): EngagementRange {
  if (range === "custom") return from ? { kind: "custom", from } : DEFAULT_RANGE;
  return { kind: "preset", days: range };
}

/** The URL's values for a range; `from` goes away with a preset. */
export function fromRange(range: EngagementRange): RangeParams {
  return range.kind === "custom" ? { range: "custom", from: range.from } : { range: range.days, from: null };
}

const loadRange = createLoader(rangeParsers);
const serializeRange = createSerializer(rangeParsers);

export function parseRange(input: LoaderInput): EngagementRange {
  return toRange(loadRange(input));
}

export function rangeQuery(range: EngagementRange): string {
  return serializeRange(fromRange(range));
}

/** The first calendar day of the range (in the reader's zone). Day-granular, so the cache key holds all day. */
export function rangeStartDay(range: EngagementRange, now: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return range.kind === "custom" ? range.from : shiftDay(calendarDay(now, timeZone), -Number(range.days));
}

/** The API's `since` for a range: midnight of its first day in the reader's zone, with its offset. */
export function rangeSince(range: EngagementRange, now: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const day = rangeStartDay(range, now, timeZone);
  return isoInZone(startOfDay(day, timeZone), timeZone);
}

export const HISTORY_POINTS = [20, 50, 100, 200] as const;
export type HistoryPointsOption = (typeof HISTORY_POINTS)[number];
export const DEFAULT_POINTS: HistoryPointsOption = 50;
/** Up to five posts on one chart: the post itself plus up to four others, from any campaign. */
export const MAX_COMPARED = 4;
/** How the comparison lines posts up: by time since each one's publication (default), or on the calendar. */
export const ALIGN_MODES = ["since", "calendar"] as const;
export type AlignMode = (typeof ALIGN_MODES)[number];
const DEFAULT_METRIC: MetricType = "VIEWS";
const NO_COMPARE: number[] = [];

export const postEngagementParsers = {
  metric: parseAsStringLiteral(METRIC_TYPES).withDefault(DEFAULT_METRIC),
  points: parseAsIntLiteral(HISTORY_POINTS).withDefault(DEFAULT_POINTS),
  // One more than shown: the post itself may be among them and is dropped by `postEngagementState`.
  compare: parseAsIdList(MAX_COMPARED + 1).withDefault(NO_COMPARE),
  align: parseAsStringLiteral(ALIGN_MODES).withDefault("since"),
};

export type PostEngagementUrlState = inferParserType<typeof postEngagementParsers>;

/** The post's own id is never compared with itself; at most `MAX_COMPARED` others. */
export function postEngagementState(values: PostEngagementUrlState, postId?: number): PostEngagementUrlState {
  const compare = values.compare.filter((id) => id !== postId);
  return compare.length === values.compare.length && compare.length <= MAX_COMPARED
    ? values
    : { ...values, compare: compare.slice(0, MAX_COMPARED) };
}

const loadPostEngagement = createLoader(postEngagementParsers);

export function parsePostEngagementUrl(input: LoaderInput, postId?: number): PostEngagementUrlState {
  return postEngagementState(loadPostEngagement(input), postId);
}

export const postEngagementUrlQuery = createSerializer(postEngagementParsers);
