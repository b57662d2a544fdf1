/**
 * The arithmetic of the trend chart (./trend-chart.tsx), apart so it can be
 * tested without a browser.
 */

/**
 * The value axis from 0 to a round top at or above `max`, in 2 to 5 whole
 * steps of 1, 2 or 5 × 10ⁿ (the values are counts: never a fractional tick).
 */
export function niceScale(max: number): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power));
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(v);
  return { top, ticks };
}

/** The line through the values, broken where one is missing: each run of values is its own `M…L…` piece. */
export function pathOf(values: readonly (number | null)[], x: (i: number) => number, y: (v: number) => number): string {
  let d = "";
  let drawing = false;
  values.forEach((v, i) => {
    if (v === null) {
      drawing = false;
      return;
    }
    d += `${drawing ? "L" : "M"}${x(i)} ${y(v)}`;
    drawing = true;
  });
  return d;
}

/** Which days get a label under the chart: at most `most`, evenly spread, the first and the last among them. */
export function tickIndexes(count: number, most = 5): number[] {
  if (count <= 0) return [];
  const shown = Math.min(count, most);
  if (shown === 1) return [0];
  return Array.from({ length: shown }, (_, k) => Math.round((k * (count - 1)) / (shown - 1)));
}
