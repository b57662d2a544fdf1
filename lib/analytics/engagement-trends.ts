import { DEFAULT_TIME_ZONE, startOfDay } from "@/lib/time/zone";
import { shiftDay } from "./dates";

/*
 * A campaign's trend from the local time series: for each calendar day of the
 * range (in the reader's time zone, like the range's `since`), the
 * sum over the posts of the period of each post's last value collected before
 * that day ended. A post with no value yet by then is left out of that day
 * (it says how many posts a point covers); a day no post has a value for is
 * null ("not reported"), never 0. Pure, so it is tested against hand-computed
 * fixtures and timed by the benchmark.
 */
export type TotalSample = { task_id: number; metric_type: string; value: number; collected_at: string };

export type TrendPoint = {
  day: string;
  /** Null: no post of the period had a value by the end of this day. */
  value: number | null;
  /** Posts whose value is in the sum. */
  posts: number;
  /** The newest collection time in the sum (ISO), null with no value. */
  collectedAt: string | null;
};

export type TrendSeries = { metric: string; points: TrendPoint[] };


/** The days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 3_700; d = shiftDay(d, 1)) out.push(d);
  return out;
}

/** The first moment after `day` in `timeZone` (ms). */
export function dayEndMs(day: string, timeZone = DEFAULT_TIME_ZONE): number {
  return startOfDay(shiftDay(day, 1), timeZone).getTime();
}

/** `samples` in any order; `postIds` are the posts of the period (samples of others are ignored). */
export function dailyTotals(samples: readonly TotalSample[], postIds: readonly number[], metrics: readonly string[], days: readonly string[], timeZone = DEFAULT_TIME_ZONE): TrendSeries[] {
  const wanted = new Set(postIds);
  // metric → post → its samples, oldest first
  const byMetric = new Map<string, Map<number, { at: number; iso: string; value: number }[]>>();
  for (const s of samples) {
    if (!wanted.has(s.task_id)) continue;
    const at = Date.parse(s.collected_at);
    if (Number.isNaN(at)) continue;
    let posts = byMetric.get(s.metric_type);
    if (!posts) byMetric.set(s.metric_type, (posts = new Map()));
    let list = posts.get(s.task_id);
    if (!list) posts.set(s.task_id, (list = []));
    list.push({ at, iso: s.collected_at, value: s.value });
  }
  const ends = days.map((day) => dayEndMs(day, timeZone));
  return metrics.map((metric) => {
    const sums = days.map(() => ({ value: 0, posts: 0, newest: -Infinity, iso: null as string | null }));
    for (const list of byMetric.get(metric)?.values() ?? []) {
      list.sort((a, b) => a.at - b.at);
      // One walk per post: the days and the samples both go forward in time.
      let i = -1;
      ends.forEach((end, d) => {
        while (i + 1 < list.length && (list[i + 1] as { at: number }).at < end) i++;
        if (i < 0) return;
        const s = list[i] as { at: number; iso: string; value: number };
        const sum = sums[d] as (typeof sums)[number];
        sum.value += s.value;
        sum.posts += 1;
        if (s.at > sum.newest) {
          sum.newest = s.at;
          sum.iso = s.iso;
        }
      });
    }
    return { metric, points: days.map((day, d) => {
      const sum = sums[d] as (typeof sums)[number];
      return sum.posts === 0 ? { day, value: null, posts: 0, collectedAt: null } : { day, value: sum.value, posts: sum.posts, collectedAt: sum.iso };
    }) };
  });
}
