"use client";

import { useSyncExternalStore } from "react";

/** Tailwind's `sm` breakpoint (40rem): from here up a table, below it cards. */
export const WIDE_QUERY = "(min-width: 40rem)";

export type TableLayout = "table" | "cards" | "both";

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== "function") return () => {};
  const list = window.matchMedia(WIDE_QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

const clientLayout = (): TableLayout =>
  typeof window.matchMedia !== "function" ? "table" : window.matchMedia(WIDE_QUERY).matches ? "table" : "cards";

/**
 * Table or cards, from the viewport. The server cannot know the width, so the
 * server render and hydration draw both and let CSS show the right one (no
 * layout shift); right after hydration, and on every client-side mount, only
 * the layout in use is rendered, so a big table never pays for both.
 */
export function useTableLayout(): TableLayout {
  return useSyncExternalStore(subscribe, clientLayout, () => "both");
}
