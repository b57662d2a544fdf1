import { describe, expect, it } from "vitest";
import { quotaUsage, usage } from "./quota";

describe("quota arithmetic", () => {
  it("reads a null limit as unlimited, never as zero", () => {
    const u = quotaUsage({ used: 120, limit: null, remaining: null });
    expect(u.level).toBe("unlimited");
    expect(u.limit).toBeNull();
    expect(u.remaining).toBeNull();
    expect(u.percent).toBeNull();
  });

  it("computes percent and remaining", () => {
    const u = quotaUsage({ used: 45, limit: 100, remaining: 55 });
    expect(u.percent).toBe(45);
    expect(u.barPercent).toBe(45);
    expect(u.remaining).toBe(55);
    expect(u.level).toBe("ok");
  });

  it("derives remaining when the upstream sends null with a limit", () => {
    expect(usage(30, 50, null).remaining).toBe(20);
  });

  it("flags 90 % and more as high", () => {
    expect(usage(89, 100).level).toBe("ok");
    expect(usage(90, 100).level).toBe("high");
    expect(usage(100, 100).level).toBe("high");
  });

  it("flags over the limit, caps the bar, never shows negative remaining", () => {
    const u = usage(130, 100, -30);
    expect(u.level).toBe("over");
    expect(u.percent).toBe(130);
    expect(u.barPercent).toBe(100);
    expect(u.remaining).toBe(0);
  });

  it("handles a zero limit", () => {
    expect(usage(0, 0).percent).toBe(0);
    expect(usage(0, 0).level).toBe("ok");
    expect(usage(1, 0).level).toBe("over");
  });
});
