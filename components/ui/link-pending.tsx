"use client";

import { useLinkStatus } from "next/link";

/**
 * Inside a next/link: a thin bar along the top of the window while the page it opened is on its
 * way (globals.css's `.nav-pending`, drawn only after 150 ms). Pages have no route-level loading
 * skeleton, so the current page stays until the next is ready; the bar says a slow one is coming.
 */
export function LinkPending() {
  const { pending } = useLinkStatus();
  return pending ? <span aria-hidden="true" className="nav-pending" data-testid="nav-pending" /> : null;
}
