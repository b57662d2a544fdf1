"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { connectLive, OFFLINE, type LiveState } from "./connection";

/** The stream's state, outside React: a page reads it through a subscription of its own. */
class LiveStore {
  private state: LiveState = OFFLINE;
  private readonly listeners = new Set<() => void>();
  readonly get = (): LiveState => this.state;
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly set = (state: LiveState): void => {
    this.state = state;
    for (const listener of this.listeners) listener();
  };
}

/**
 * Live push for the signed-in pages (mounted in app/(app)/layout.tsx): one
 * stream per tab turns server events into cache invalidations. Pages read
 * the state only to poll less while it is connected; outside the provider (or
 * before the stream is up, or after it drops) the state is OFFLINE and they
 * poll exactly as they would without it.
 *
 * The context holds the store, which never changes; the state reaches its
 * readers through their own subscriptions. A changing context value would
 * reach every part of the page still waiting to hydrate (components/shell/
 * hydrate-later.tsx), and React would hydrate all of it at once, in one long
 * task, when the stream comes up in the middle of that.
 */
const LiveContext = createContext<LiveStore | null>(null);

const offline = () => OFFLINE;
const noSubscription = () => () => {};

/** `resumeAfter`: the event id the server render took before reading the page's data (see connectLive). */
export function LiveEvents({ children, resumeAfter }: { children: React.ReactNode; resumeAfter?: string }) {
  const client = useQueryClient();
  const [store] = useState(() => new LiveStore());
  // Only the first connection of the tab resumes from the render; later ones from the last event seen.
  const [resumeFrom] = useState(resumeAfter);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const disconnect = connectLive(client, store.set, { resumeAfter: resumeFrom });
    return () => {
      disconnect();
      store.set(OFFLINE);
    };
  }, [client, store, resumeFrom]);
  return <LiveContext value={store}>{children}</LiveContext>;
}

export function useLive(): LiveState {
  const store = useContext(LiveContext);
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? offline, offline);
}

/** Whether events are arriving now. */
export function useLiveConnected(): boolean {
  return useLive().connected;
}

/** Whether this bulk job's progress is arriving as events (its runner publishes them). */
export function useLiveBulkJob(jobId: number): boolean {
  const { connected, bulkJobs } = useLive();
  return connected && bulkJobs.has(jobId);
}
