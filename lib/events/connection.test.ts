// @vitest-environment jsdom
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffMs, connectLive, type LiveState } from "./connection";
import { createLiveHandler } from "./invalidate";

/** Enough of EventSource to drive the connection as a browser would. */
class FakeSource extends EventTarget {
  static CLOSED = 2;
  readyState = 0;
  onmessage: ((m: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.closed = true;
    this.readyState = FakeSource.CLOSED;
  }
  hello(id: string, notifications = false) {
    this.dispatchEvent(new MessageEvent("hello", { data: JSON.stringify({ notifications }), lastEventId: id }));
  }
  message(id: string, event: object) {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(event), lastEventId: id }));
  }
  fail() {
    this.readyState = FakeSource.CLOSED;
    this.onerror?.();
  }
}

let sources: FakeSource[];
let states: LiveState[];
let dispose: () => void;
const last = () => states.at(-1);
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(async () => {
  vi.useFakeTimers();
  sources = [];
  states = [];
  const client = new QueryClient();
  dispose = connectLive(client, (s) => states.push(s), {
    createSource: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s as unknown as EventSource;
    },
    loadHandler: async (c) => createLiveHandler(c),
    random: () => 1,
  });
  await flush();
});
afterEach(() => {
  dispose();
  vi.useRealTimers();
});

describe("the tab's event stream", () => {
  it("is connected from the server's hello, not before, and reports whether notifications come", () => {
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe("/api/events");
    expect(last()?.connected ?? false).toBe(false);
    sources[0]?.hello("h1", true);
    expect(last()).toMatchObject({ connected: true, notifications: true });
  });

  it("after a drop: polls again at once, reconnects with backoff, resuming after the last event seen", async () => {
    sources[0]?.hello("h1");
    sources[0]?.message("e2", { type: "bulk", job_id: 4, campaign_id: 1, status: "running", ok: 0, failed: 0, total: 2 });
    expect(last()?.bulkJobs.has(4)).toBe(true);
    sources[0]?.fail();
    expect(last()?.connected).toBe(false);
    expect(sources[0]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(backoffMs(0, () => 1) - 1);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources[1]?.url).toBe("/api/events?last_event_id=e2");

    // Failing again waits longer each time.
    sources[1]?.fail();
    await vi.advanceTimersByTimeAsync(backoffMs(0, () => 1));
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(backoffMs(1, () => 1));
    expect(sources).toHaveLength(3);
  });

  it("lets go of the stream a minute after the tab is hidden, and reconnects when it is shown", async () => {
    sources[0]?.hello("h1");
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(sources[0]?.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sources[0]?.closed).toBe(true);
    expect(last()?.connected).toBe(false);
    visibility.mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    await flush();
    expect(sources[1]?.url).toBe("/api/events?last_event_id=h1");
  });

  it("resumes its first connection from the server render's event id, so a change made meanwhile is replayed", async () => {
    const fromRender: FakeSource[] = [];
    const stop = connectLive(new QueryClient(), () => undefined, {
      createSource: (url) => {
        const s = new FakeSource(url);
        fromRender.push(s);
        return s as unknown as EventSource;
      },
      loadHandler: async (c) => createLiveHandler(c),
      resumeAfter: "r1",
    });
    await flush();
    expect(fromRender[0]?.url).toBe("/api/events?last_event_id=r1");
    // Later connections resume from the last event seen, as always.
    fromRender[0]?.hello("h2");
    fromRender[0]?.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fromRender[1]?.url).toBe("/api/events?last_event_id=h2");
    stop();
  });

  it("backs off up to a minute, with jitter", () => {
    expect(backoffMs(0, () => 1)).toBe(1_000);
    expect(backoffMs(3, () => 1)).toBe(8_000);
    expect(backoffMs(20, () => 1)).toBe(60_000);
    expect(backoffMs(20, () => 0)).toBe(30_000);
  });
});
