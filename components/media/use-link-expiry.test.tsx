// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatSize } from "./format-size";
import { linkTimes, useLinkExpiry } from "./use-link-expiry";

describe("linkTimes", () => {
  it("refreshes at 80% of the lifetime, counted from when the server fetched the links", () => {
    const fetched = Date.parse("2026-11-21T10:00:00Z");
    const t = linkTimes("2026-11-21T10:00:00Z", fetched + 5_000, 1000);
    expect(t.refreshAt).toBe(fetched + 800_000);
    expect(t.expiresAt).toBe(fetched + 1_000_000);
  });

  it("counts from the earlier moment when the clocks disagree, and survives a bad date", () => {
    const received = Date.parse("2026-11-21T10:00:00Z");
    expect(linkTimes("2026-11-21T10:05:00Z", received, 100).expiresAt).toBe(received + 100_000);
    expect(linkTimes("not a date", received, 100).expiresAt).toBe(received + 100_000);
  });
});

describe("useLinkExpiry", () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse("2026-11-21T10:00:00Z") }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("asks for fresh links before they lapse, then reports the lapse", () => {
    const refresh = vi.fn();
    const times = linkTimes(new Date().toISOString(), Date.now(), 100);
    const { result } = renderHook(() => useLinkExpiry(times, refresh));
    expect(result.current.expired).toBe(false);
    act(() => vi.advanceTimersByTime(79_000));
    expect(refresh).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_500));
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.expired).toBe(true);
  });

  it("reports links that had lapsed already and refreshes at once", () => {
    const refresh = vi.fn();
    const times = linkTimes(new Date(Date.now() - 200_000).toISOString(), Date.now(), 100);
    const { result } = renderHook(() => useLinkExpiry(times, refresh));
    expect(result.current.expired).toBe(true);
    act(() => vi.advanceTimersByTime(0));
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe("formatSize", () => {
  it("reads like a person would say it", () => {
    expect(formatSize(512, "en")).toBe("512 B");
    expect(formatSize(58_880, "ru")).toBe("57,5 КБ");
    expect(formatSize(1_468_006, "en")).toBe("1.4 MB");
  });
});
