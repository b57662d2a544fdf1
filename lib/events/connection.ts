import type { QueryClient } from "@tanstack/react-query";
import type { LiveHandler } from "./invalidate";

/**
 * The tab's one EventSource on /api/events. `connected` is true from the
 * stream's hello (not the bare open: a buffering proxy can answer the headers
 * and hold every event) until it drops; pages poll less only meanwhile.
 *
 * Every drop is handled here, not by the browser's own reconnect (which
 * retries forever at the `retry:` pace): backoff with jitter up to a minute,
 * at once when the network comes back, resuming after the last event seen
 * (the server replays what was missed, or says `resync`); the first connection
 * resumes from the server render's id (`resumeAfter`). A hidden tab lets go
 * of its stream after a minute, since open streams per person are limited and
 * the browser's connections per host too; it reconnects when shown.
 */
export type LiveState = { connected: boolean; notifications: boolean; bulkJobs: ReadonlySet<number> };
export const OFFLINE: LiveState = { connected: false, notifications: false, bulkJobs: new Set() };

export type ConnectOptions = {
  url: string;
  createSource: (url: string) => EventSource;
  /** The parser and invalidations come in their own chunk, after the page is up. */
  loadHandler: (client: QueryClient) => Promise<LiveHandler>;
  hiddenCloseMs: number;
  random: () => number;
  /**
   * The server's event id when it rendered the page (its data was read after
   * it): the first connection resumes from there, so a change made between the
   * render and the stream's hello is replayed, not missed until the next poll.
   */
  resumeAfter?: string;
};

const DEFAULTS: ConnectOptions = {
  url: "/api/events",
  createSource: (url) => new EventSource(url),
  loadHandler: async (client) => (await import("./invalidate")).createLiveHandler(client),
  hiddenCloseMs: 60_000,
  random: Math.random,
};

const MAX_BACKOFF_MS = 60_000;

/** 1 s, 2 s, 4 s… up to a minute, each between half and all of it, so tabs that dropped together do not return together. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** attempt);
  return Math.round(base * (0.5 + random() / 2));
}

export function connectLive(client: QueryClient, onState: (state: LiveState) => void, options: Partial<ConnectOptions> = {}): () => void {
  const o = { ...DEFAULTS, ...options };
  let state = OFFLINE;
  const set = (patch: Partial<LiveState>) => {
    state = { ...state, ...patch };
    onState(state);
  };
  let source: EventSource | null = null;
  let handler: LiveHandler | null = null;
  let opening = false;
  let disposed = false;
  let attempt = 0;
  let lastId = o.resumeAfter;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  const hidden = () => document.visibilityState === "hidden";

  const stop = () => {
    source?.close();
    source = null;
    if (state.connected) set({ connected: false });
  };

  const retryLater = () => {
    stop();
    if (disposed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void open(), backoffMs(attempt++, o.random));
  };

  const remember = (m: MessageEvent) => {
    if (m.lastEventId) lastId = m.lastEventId;
  };

  async function open(): Promise<void> {
    retryTimer = undefined;
    if (disposed || source || opening || hidden()) return;
    opening = true;
    try {
      handler ??= await o.loadHandler(client);
    } catch {
      return retryLater();
    } finally {
      opening = false;
    }
    if (disposed || source || hidden()) return;
    const h = handler;
    const s = o.createSource(lastId ? `${o.url}?last_event_id=${encodeURIComponent(lastId)}` : o.url);
    source = s;
    s.addEventListener("hello", (m: MessageEvent) => {
      remember(m);
      attempt = 0;
      set({ connected: true, notifications: h.hello(String(m.data))?.notifications ?? false });
    });
    s.addEventListener("resync", () => h.resync());
    s.onmessage = (m) => {
      remember(m);
      const event = h.event(String(m.data));
      if (event?.type === "bulk" && !state.bulkJobs.has(event.job_id)) set({ bulkJobs: new Set([...state.bulkJobs, event.job_id]) });
    };
    s.onerror = () => {
      if (source === s) retryLater();
    };
  }

  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    if (hidden()) hiddenTimer = setTimeout(stop, o.hiddenCloseMs);
    else if (!source && retryTimer === undefined) void open();
  };
  const onOnline = () => {
    if (source) return;
    clearTimeout(retryTimer);
    attempt = 0;
    void open();
  };

  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("online", onOnline);
  void open();

  return () => {
    disposed = true;
    stop();
    clearTimeout(retryTimer);
    clearTimeout(hiddenTimer);
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("online", onOnline);
    handler?.dispose();
  };
}
