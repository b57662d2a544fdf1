"use client";

import { createContext, useContext, useSyncExternalStore } from "react";
import type { TableLayout } from "./layout-hint";

/** Tailwind's `sm` breakpoint (40rem): from here up a table, below it cards. */
export const WIDE_QUERY = "(min-width: 40rem)";

export type { TableLayout };

/** The layout the server rendered from the client hint (./layout-hint.ts); both without one. */
export const TableLayoutHint = createContext<TableLayout>("both");

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== "function") return () => {};
  const list = window.matchMedia(WIDE_QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

const clientLayout = (): TableLayout =>
  typeof window.matchMedia !== "function" ? "table" : window.matchMedia(WIDE_QUERY).matches ? "table" : "cards";

/**
 * Table or cards, from the viewport. The server cannot measure the width: it
 * renders what the client hint suggests (TableLayoutHint; both without one),
 * and hydration repeats it; right after hydration, and on every client-side
 * mount, only the layout in use is rendered, so a big table never pays for both.
 */
export function useTableLayout(): TableLayout {
  const hint = useContext(TableLayoutHint);
  return useSyncExternalStore(subscribe, clientLayout, () => hint);
}
