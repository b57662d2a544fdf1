// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UNDO_WINDOW_MS, usePendingApprovals } from "./use-pending-approvals";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("usePendingApprovals", () => {
  it("sends an approval only after the 5 s window", () => {
    const send = vi.fn();
    const { result } = renderHook(() => usePendingApprovals(send));
    act(() => result.current.schedule(7));
    expect(result.current.pending.map((p) => p.id)).toEqual([7]);
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS - 1));
    expect(send).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(send).toHaveBeenCalledExactlyOnceWith(7, { keepalive: false });
    expect(result.current.pending).toEqual([]);
  });

  it("undo within the window cancels the send", () => {
    const send = vi.fn();
    const { result } = renderHook(() => usePendingApprovals(send));
    act(() => result.current.schedule(7));
    act(() => vi.advanceTimersByTime(4_000));
    let undone = false;
    act(() => {
      undone = result.current.undo(7);
    });
    expect(undone).toBe(true);
    act(() => vi.advanceTimersByTime(10_000));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.pending).toEqual([]);
  });

  it("does not schedule the same post twice", () => {
    const send = vi.fn();
    const { result } = renderHook(() => usePendingApprovals(send));
    act(() => {
      result.current.schedule(7);
      result.current.schedule(7);
    });
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends what is pending when the page is left, with keepalive on tab close", () => {
    const send = vi.fn();
    const { result, unmount } = renderHook(() => usePendingApprovals(send));
    act(() => result.current.schedule(1));
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(send).toHaveBeenCalledWith(1, { keepalive: true });
    act(() => result.current.schedule(2));
    unmount();
    expect(send).toHaveBeenCalledWith(2, { keepalive: true });
    vi.advanceTimersByTime(UNDO_WINDOW_MS);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
