import { beforeEach, describe, expect, it, vi } from "vitest";
import { counter, gauge, histogram, METRICS_CONTENT_TYPE, onCollect, renderMetrics, resetMetricsForTests } from "./metrics";

describe("metrics registry", () => {
  beforeEach(() => resetMetricsForTests());

  it("renders counters, gauges and histograms in the Prometheus text format", async () => {
    const c = counter("test_calls_total", "Calls.\nSecond line", ["operation", "status"]);
    c.inc({ operation: "post", status: "200" });
    c.inc({ status: "200", operation: "post" }, 2);
    c.inc({ operation: 'we"ird\\' });
    const g = gauge("test_tokens", "Tokens.", ["bucket"]);
    g.set({ bucket: "reads" }, 42);
    const h = histogram("test_latency_seconds", "Latency.", ["operation"], [0.1, 1]);
    h.observe({ operation: "post" }, 0.05);
    h.observe({ operation: "post" }, 0.5);
    h.observe({ operation: "post" }, 3);
    const text = await renderMetrics();
    expect(text).toContain("# HELP test_calls_total Calls.\\nSecond line\n# TYPE test_calls_total counter\n");
    expect(text).toContain('test_calls_total{operation="post",status="200"} 3\n');
    expect(text).toContain('test_calls_total{operation="we\\"ird\\\\"} 1\n');
    expect(text).toContain('test_tokens{bucket="reads"} 42\n');
    expect(text).toContain('test_latency_seconds_bucket{le="0.1",operation="post"} 1\n');
    expect(text).toContain('test_latency_seconds_bucket{le="1",operation="post"} 2\n');
    expect(text).toContain('test_latency_seconds_bucket{le="+Inf",operation="post"} 3\n');
    expect(text).toContain('test_latency_seconds_sum{operation="post"} 3.55\n');
    expect(text).toContain('test_latency_seconds_count{operation="post"} 3\n');
    expect(METRICS_CONTENT_TYPE).toBe("text/plain; version=0.0.4; charset=utf-8");
  });

  it("includes the process's default metrics", async () => {
    const text = await renderMetrics();
    expect(text).toContain("# TYPE process_cpu_user_seconds_total counter");
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+/m);
  });

  it("returns the same series when a name is registered twice, and refuses a kind or label clash", async () => {
    counter("test_twice_total", "x").inc();
    counter("test_twice_total", "x").inc();
    expect(await renderMetrics()).toContain("test_twice_total 2\n");
    expect(() => gauge("test_twice_total", "x")).toThrow(/already registered as a counter/);
    expect(() => counter("test_twice_total", "x", ["lane"])).toThrow(/already registered with labels/);
    expect(() => counter("bad name", "x")).toThrow(/Invalid metric name/);
  });

  it("keeps one registry when the module is loaded again (Next loads it once per route bundle)", async () => {
    counter("test_bundles_total", "Across bundles.", ["route"]).inc({ route: "a" });
    vi.resetModules();
    const again = await import("./metrics");
    // Registering again is no error, and counts into the same series.
    again.counter("test_bundles_total", "Across bundles.", ["route"]).inc({ route: "a" });
    const text = await again.renderMetrics();
    expect(text).toContain('test_bundles_total{route="a"} 2\n');
    expect(await renderMetrics()).toContain('test_bundles_total{route="a"} 2\n');
    // Default metrics are collected once, not once per copy.
    expect(text.match(/^# TYPE process_cpu_user_seconds_total/gm)).toHaveLength(1);
  });

  it("runs collectors before rendering", async () => {
    const g = gauge("test_collected", "Collected.");
    let v = 1;
    const stop = onCollect(() => g.set({}, v));
    v = 7;
    expect(await renderMetrics()).toContain("test_collected 7\n");
    stop();
  });
});
