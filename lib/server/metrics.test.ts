import { beforeEach, describe, expect, it } from "vitest";
import { counter, gauge, histogram, onCollect, renderMetrics, resetMetricsForTests } from "./metrics";

describe("metrics registry", () => {
  beforeEach(() => resetMetricsForTests());

  it("renders counters, gauges and histograms in the Prometheus text format", () => {
    const c = counter("test_calls_total", "Calls.\nSecond line");
    c.inc({ operation: "post", status: "200" });
    c.inc({ status: "200", operation: "post" }, 2);
    c.inc({ operation: 'we"ird\\' });
    const g = gauge("test_tokens", "Tokens.");
    g.set({ bucket: "reads" }, 42);
    const h = histogram("test_latency_seconds", "Latency.", [0.1, 1]);
    h.observe({ operation: "post" }, 0.05);
    h.observe({ operation: "post" }, 0.5);
    h.observe({ operation: "post" }, 3);
    const text = renderMetrics();
    expect(text).toContain("# HELP test_calls_total Calls.\\nSecond line\n# TYPE test_calls_total counter\n");
    expect(text).toContain('test_calls_total{operation="post",status="200"} 3\n');
    expect(text).toContain('test_calls_total{operation="we\\"ird\\\\"} 1\n');
    expect(text).toContain('test_tokens{bucket="reads"} 42\n');
    expect(text).toContain('test_latency_seconds_bucket{operation="post",le="0.1"} 1\n');
    expect(text).toContain('test_latency_seconds_bucket{operation="post",le="1"} 2\n');
    expect(text).toContain('test_latency_seconds_bucket{operation="post",le="+Inf"} 3\n');
    expect(text).toContain('test_latency_seconds_sum{operation="post"} 3.55\n');
    expect(text).toContain('test_latency_seconds_count{operation="post"} 3\n');
  });

  it("returns the same series when a name is registered twice, and refuses a kind clash", () => {
    counter("test_twice_total", "x").inc();
    counter("test_twice_total", "x").inc();
    expect(counter("test_twice_total", "x").get()).toBe(2);
    expect(() => gauge("test_twice_total", "x")).toThrow(/already registered/);
    expect(() => counter("bad name", "x")).toThrow(/invalid metric name/);
  });

  it("runs collectors before rendering", () => {
    const g = gauge("test_collected", "Collected.");
    let v = 1;
    const stop = onCollect(() => g.set({}, v));
    v = 7;
    expect(renderMetrics()).toContain("test_collected 7\n");
    stop();
  });
});
