"use client";

import { Activity, type ReactNode } from "react";

/**
 * Lets React hydrate `children` after the rest of the page, in slices.
 *
 * React hydrates a page's root in one uninterruptible task: on a phone every
 * component of a list page at once (~1,000 on the queue), hundreds of
 * milliseconds in which a tap waits. An `<Activity>` boundary is left as server
 * HTML in that pass and hydrated right after at idle priority, yielding to the
 * browser every few milliseconds (React's time slicing), so the page paints and
 * answers input meanwhile. The server sends its HTML in place, like any other
 * (only comment markers around it), unlike a Suspense boundary, which React
 * may stream apart and reveal 300 ms after the first paint.
 *
 * A tap on a part not hydrated yet hydrates that part at once and is then
 * replayed. A context value that changes above the boundary while it waits
 * forces all of it to hydrate at once: providers above it keep their values
 * (see lib/events/live-events.tsx). A client-side navigation renders the
 * children as usual.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}
