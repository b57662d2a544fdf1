// @vitest-environment jsdom
// The stream's state reaches the components that read it through their own subscriptions (the
// provider's context holds a store that never changes: see live-events.tsx for why).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveEvents, useLiveConnected } from "./live-events";

class FakeSource extends EventTarget {
  static last: FakeSource | null = null;
  onmessage: ((m: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.last = this;
  }
  close() {
    this.closed = true;
  }
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement;
beforeEach(() => {
  vi.stubGlobal("EventSource", FakeSource);
  FakeSource.last = null;
  container = document.createElement("div");
  document.body.appendChild(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await act(() => new Promise((r) => setTimeout(r, 5)));
};

describe("LiveEvents", () => {
  it("tells its readers when the stream is up, and renders nothing else again", async () => {
    let quietRenders = 0;
    function Quiet() {
      quietRenders++;
      return null;
    }
    function Reader() {
      return <p>{useLiveConnected() ? "connected" : "offline"}</p>;
    }
    root = createRoot(container);
    act(() =>
      root!.render(
        <QueryClientProvider client={new QueryClient()}>
          <LiveEvents>
            <Quiet />
            <Reader />
          </LiveEvents>
        </QueryClientProvider>,
      ),
    );
    expect(container.textContent).toBe("offline");
    await until(() => FakeSource.last !== null);
    act(() => FakeSource.last!.dispatchEvent(new MessageEvent("hello", { data: JSON.stringify({ notifications: false }), lastEventId: "1" })));
    expect(container.textContent).toBe("connected");
    expect(quietRenders).toBe(1);
  });

  it("reads offline outside the provider", () => {
    function Reader() {
      return <p>{useLiveConnected() ? "connected" : "offline"}</p>;
    }
    root = createRoot(container);
    act(() => root!.render(<Reader />));
    expect(container.textContent).toBe("offline");
  });
});
