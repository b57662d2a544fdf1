import "server-only";
import { collectDefaultMetrics, Counter as PromCounter, Gauge as PromGauge, Histogram as PromHistogram, Registry } from "prom-client";

/**
 * The process's Prometheus registry (prom-client): the dashboard's and the
 * gateway's series plus Node's default process metrics (CPU, memory, event
 * loop lag, GC, handles). Kept on globalThis so every route bundle of one
 * process counts into the same registry that GET /api/metrics renders, and a
 * module loaded twice gets the series already registered instead of
 * prom-client's "already registered" error. Label names are declared up
 * front (prom-client refuses labels it was not told about):
 *
 *   const calls = counter("upstream_requests_total", "Upstream calls.", ["operation", "status"]);
 *   calls.inc({ operation: "post", status: "200" });
 */
export type Labels<L extends string = string> = Readonly<Partial<Record<L, string | number>>>;

type Shared = { registry: Registry; collectors: Set<() => void> };

const KEY = Symbol.for("review-dashboard.metrics-registry");
const g = globalThis as typeof globalThis & { [KEY]?: Shared };

function shared(): Shared {
  if (!g[KEY]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    g[KEY] = { registry, collectors: new Set() };
  }
  return g[KEY];
}

type Kind = "Counter" | "Gauge" | "Histogram";
type AnyMetric = PromCounter<string> | PromGauge<string> | PromHistogram<string>;

/** The series registered under `name`, or a new one from `create`; a clash of kind or labels is a programming error. */
function registered<M extends AnyMetric>(name: string, kind: Kind, labelNames: readonly string[], create: (registers: Registry[]) => M): M {
  const { registry } = shared();
  const existing = registry.getSingleMetric(name) as (AnyMetric & { labelNames?: string[] }) | undefined;
  if (!existing) return create([registry]);
  // By constructor name, not instanceof: a second copy of prom-client would have other classes.
  const existingKind = existing.constructor.name;
  if (existingKind !== kind) throw new Error(`metric ${name} is already registered as a ${existingKind.toLowerCase()}`);
  const before = [...(existing.labelNames ?? [])].sort().join(",");
  if (before !== [...labelNames].sort().join(",")) throw new Error(`metric ${name} is already registered with labels [${before}]`);
  return existing as M;
}

export type Counter<L extends string = string> = {
  inc(labels?: Labels<L>, by?: number): void;
};

export function counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  const c = registered(name, "Counter", labelNames, (registers) => new PromCounter<L>({ name, help, labelNames, registers }));
  return { inc: (labels, by = 1) => (labels ? c.inc(labels, by) : c.inc(by)) };
}

export type Gauge<L extends string = string> = {
  set(labels: Labels<L>, value: number): void;
  inc(labels?: Labels<L>, by?: number): void;
  dec(labels?: Labels<L>, by?: number): void;
};

export function gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
  const m = registered(name, "Gauge", labelNames, (registers) => new PromGauge<L>({ name, help, labelNames, registers }));
  return {
    set: (labels, value) => m.set(labels, value),
    inc: (labels, by = 1) => (labels ? m.inc(labels, by) : m.inc(by)),
    dec: (labels, by = 1) => (labels ? m.dec(labels, by) : m.dec(by)),
  };
}

export type Histogram<L extends string = string> = {
  observe(labels: Labels<L>, value: number): void;
};

const DEFAULT_SECONDS_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function histogram<L extends string = never>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
  buckets: number[] = DEFAULT_SECONDS_BUCKETS,
): Histogram<L> {
  const h = registered(name, "Histogram", labelNames, (registers) => new PromHistogram<L>({ name, help, labelNames, buckets, registers }));
  return { observe: (labels, value) => h.observe(labels, value) };
}

/**
 * Runs before every render: for values that are cheaper to read on demand
 * than to keep up to date (e.g. budget tokens, which refill with time).
 * Returns a function that removes the collector.
 */
export function onCollect(collect: () => void): () => void {
  shared().collectors.add(collect);
  return () => shared().collectors.delete(collect);
}

/** The Content-Type of `renderMetrics()` (Prometheus text format 0.0.4). */
export const METRICS_CONTENT_TYPE: string = Registry.PROMETHEUS_CONTENT_TYPE;

/** Every series in the Prometheus text format. */
export async function renderMetrics(): Promise<string> {
  const { registry, collectors } = shared();
  for (const collect of collectors) collect();
  return registry.metrics();
}

/** Clears every series' values (registrations stay, so module-level handles keep working). */
export function resetMetricsForTests(): void {
  shared().registry.resetMetrics();
}
