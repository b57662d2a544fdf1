import "server-only";

/**
 * A tiny Prometheus text-format registry (exposition format 0.0.4): counters
 * and gauges with labels, histograms with fixed buckets. Kept on globalThis so
 * every route bundle of one process counts into the same registry that
 * GET /api/metrics renders. Registering a name twice returns the same series,
 * so modules can declare their metrics at top level without ordering worries.
 *
 *   const calls = counter("upstream_requests_total", "Upstream calls.");
 *   calls.inc({ operation: "post", status: "200" });
 */
export type Labels = Readonly<Record<string, string | number>>;

type Kind = "counter" | "gauge" | "histogram";

type Series = { labels: Labels; value: number; buckets?: number[]; sum?: number };

type Family = {
  name: string;
  help: string;
  kind: Kind;
  /** Upper bounds, ascending, without +Inf (histograms only). */
  bounds: number[];
  series: Map<string, Series>;
};

type Registry = { families: Map<string, Family>; collectors: Set<() => void> };

const g = globalThis as typeof globalThis & { __gatewayMetrics?: Registry };
function registry(): Registry {
  g.__gatewayMetrics ??= { families: new Map(), collectors: new Set() };
  return g.__gatewayMetrics;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

const escapeValue = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const escapeHelp = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");

function labelKey(labels: Labels): string {
  const names = Object.keys(labels).sort();
  for (const n of names) if (!LABEL_NAME.test(n) || n === "le") throw new Error(`invalid metric label name: ${n}`);
  return names.map((n) => `${n}="${escapeValue(String(labels[n]))}"`).join(",");
}

function family(name: string, help: string, kind: Kind, bounds: number[] = []): Family {
  if (!NAME.test(name)) throw new Error(`invalid metric name: ${name}`);
  const reg = registry();
  const existing = reg.families.get(name);
  if (existing) {
    if (existing.kind !== kind) throw new Error(`metric ${name} is already registered as a ${existing.kind}`);
    return existing;
  }
  const created: Family = { name, help, kind, bounds, series: new Map() };
  reg.families.set(name, created);
  return created;
}

function seriesOf(f: Family, labels: Labels): Series {
  const key = labelKey(labels);
  let s = f.series.get(key);
  if (!s) {
    s = { labels: { ...labels }, value: 0 };
    if (f.kind === "histogram") {
      s.buckets = f.bounds.map(() => 0);
      s.sum = 0;
    }
    f.series.set(key, s);
  }
  return s;
}

export type Counter = {
  inc(labels?: Labels, by?: number): void;
  get(labels?: Labels): number;
};

export function counter(name: string, help: string): Counter {
  const f = family(name, help, "counter");
  return {
    inc(labels = {}, by = 1) {
      if (by < 0) throw new Error(`counter ${name} cannot decrease`);
      seriesOf(f, labels).value += by;
    },
    get: (labels = {}) => f.series.get(labelKey(labels))?.value ?? 0,
  };
}

export type Gauge = {
  set(labels: Labels, value: number): void;
  inc(labels?: Labels, by?: number): void;
  dec(labels?: Labels, by?: number): void;
  get(labels?: Labels): number;
};

export function gauge(name: string, help: string): Gauge {
  const f = family(name, help, "gauge");
  return {
    set: (labels, value) => void (seriesOf(f, labels).value = value),
    inc: (labels = {}, by = 1) => void (seriesOf(f, labels).value += by),
    dec: (labels = {}, by = 1) => void (seriesOf(f, labels).value -= by),
    get: (labels = {}) => f.series.get(labelKey(labels))?.value ?? 0,
  };
}

export type Histogram = {
  observe(labels: Labels, value: number): void;
  /** Observations so far (the `_count` series). */
  count(labels?: Labels): number;
};

export const DEFAULT_SECONDS_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function histogram(name: string, help: string, buckets: number[] = DEFAULT_SECONDS_BUCKETS): Histogram {
  const bounds = [...new Set(buckets)].filter(Number.isFinite).sort((a, b) => a - b);
  const f = family(name, help, "histogram", bounds);
  return {
    observe(labels, value) {
      const s = seriesOf(f, labels);
      s.value += 1;
      s.sum = (s.sum ?? 0) + value;
      f.bounds.forEach((b, i) => {
        if (value <= b && s.buckets) s.buckets[i] = (s.buckets[i] ?? 0) + 1;
      });
    },
    count: (labels = {}) => f.series.get(labelKey(labels))?.value ?? 0,
  };
}

/**
 * Runs before every render: for values that are cheaper to read on demand
 * than to keep up to date (e.g. budget tokens, which refill with time).
 * Returns a function that removes the collector.
 */
export function onCollect(collect: () => void): () => void {
  registry().collectors.add(collect);
  return () => registry().collectors.delete(collect);
}

const num = (v: number) => (Number.isNaN(v) ? "NaN" : v === Infinity ? "+Inf" : v === -Infinity ? "-Inf" : String(v));
const withLe = (key: string, le: string) => (key ? `{${key},le="${le}"}` : `{le="${le}"}`);
const braces = (key: string) => (key ? `{${key}}` : "");

export function renderMetrics(): string {
  const reg = registry();
  for (const collect of reg.collectors) collect();
  const lines: string[] = [];
  for (const f of reg.families.values()) {
    lines.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.kind}`);
    for (const [key, s] of f.series) {
      if (f.kind !== "histogram") {
        lines.push(`${f.name}${braces(key)} ${num(s.value)}`);
        continue;
      }
      // Cumulative already: an observation counts in every bucket whose bound it does not exceed.
      f.bounds.forEach((b, i) => lines.push(`${f.name}_bucket${withLe(key, num(b))} ${s.buckets?.[i] ?? 0}`));
      lines.push(`${f.name}_bucket${withLe(key, "+Inf")} ${s.value}`);
      lines.push(`${f.name}_sum${braces(key)} ${num(s.sum ?? 0)}`);
      lines.push(`${f.name}_count${braces(key)} ${s.value}`);
    }
  }
  return lines.length ? lines.join("\n") + "\n" : "";
}

/** Clears every series' values (registrations stay, so module-level handles keep working). */
export function resetMetricsForTests(): void {
  for (const f of registry().families.values()) f.series.clear();
}
