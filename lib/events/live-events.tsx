"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useState } from "react";
import { connectLive, OFFLINE, type LiveState } from "./connection";

/**
 * Live push for the signed-in pages (mounted in app/(app)/layout.tsx): one
 * stream per tab turns server events into cache invalidations. Pages read
 * the state only to poll less while it is connected; outside the provider (or
 * before the stream is up, or after it drops) the state is OFFLINE and they
 * poll exactly as they would without it.
 */
const LiveContext = createContext<LiveState>(OFFLINE);

/** `resumeAfter`: the event id the server render took before reading the page's data (see connectLive). */
export function LiveEvents({ children, resumeAfter }: { children: React.ReactNode; resumeAfter?: string }) {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>(OFFLINE);
  // Only the first connection of the tab resumes from the render; later ones from the last event seen.
  const [resumeFrom] = useState(resumeAfter);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    return connectLive(client, setState, { resumeAfter: resumeFrom });
  }, [client, resumeFrom]);
  return <LiveContext value={state}>{children}</LiveContext>;
}

export function useLive(): LiveState {
  return useContext(LiveContext);
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
