// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UNDO_WINDOW_MS, useUndoWindow } from "./use-undo-window";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useUndoWindow", () => {
  it("sends a decision only after the 5 s window", () => {
    const send = vi.fn();
    const { result } = renderHook(() => useUndoWindow<number>(send));
    act(() => void result.current.schedule("approve:7", 7));
    expect(result.current.pending.map((p) => p.key)).toEqual(["approve:7"]);
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS - 1));
    expect(send).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(send).toHaveBeenCalledExactlyOnceWith(7, { keepalive: false });
    expect(result.current.pending).toEqual([]);
  });

  it("undo within the window cancels the send and gives the item back", () => {
    const send = vi.fn();
    const { result } = renderHook(() => useUndoWindow<number>(send));
    act(() => void result.current.schedule("approve:7", 7));
    act(() => vi.advanceTimersByTime(4_000));
    let undone: number | null = null;
    act(() => {
      undone = result.current.undo("approve:7");
    });
    expect(undone).toBe(7);
    act(() => vi.advanceTimersByTime(10_000));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.pending).toEqual([]);
    expect(result.current.undo("approve:7")).toBeNull();
  });

  it("undoLast takes back the most recent one still waiting, then the one before", () => {
    const send = vi.fn();
    const { result } = renderHook(() => useUndoWindow<string>(send));
    act(() => void result.current.schedule("a", "first"));
    act(() => vi.advanceTimersByTime(1_000));
    act(() => void result.current.schedule("b", "second"));
    let last: unknown = null;
    act(() => {
      last = result.current.undoLast();
    });
    expect(last).toEqual({ key: "b", item: "second" });
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS));
    // "a" ran out and was sent: nothing is left to take back.
    expect(send).toHaveBeenCalledExactlyOnceWith("first", { keepalive: false });
    expect(result.current.undoLast()).toBeNull();
  });

  it("does not schedule the same key twice", () => {
    const send = vi.fn();
    const { result } = renderHook(() => useUndoWindow<number>(send));
    let second = true;
    act(() => {
      result.current.schedule("approve:7", 7);
      second = result.current.schedule("approve:7", 7);
    });
    expect(second).toBe(false);
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends what is pending when the page is left, with keepalive on tab close", () => {
    const send = vi.fn();
    const { result, unmount } = renderHook(() => useUndoWindow<number>(send));
    act(() => void result.current.schedule("approve:1", 1));
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(send).toHaveBeenCalledWith(1, { keepalive: true });
    act(() => void result.current.schedule("approve:2", 2));
    unmount();
    expect(send).toHaveBeenCalledWith(2, { keepalive: true });
    vi.advanceTimersByTime(UNDO_WINDOW_MS);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
