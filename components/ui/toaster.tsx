"use client";

import { useEffect, useState, useSyncExternalStore } from "react";

/*
 * The dashboard's one toaster, as a facade: callers import `notify` (and the queue its undo
 * toasts' `withToaster`) from here, and sonner with the toaster's view (./toaster-view) loads
 * with the first toast. Most page views show none, so it stays out of every first load.
 * `<Toaster />` is mounted once in components/shell/providers.tsx and renders nothing until then.
 */

export type ToastKind = "success" | "info" | "warning" | "error";

export type NotifyOptions = {
  /** Sentences said beside the title (a decision's notes: who decided before, not recorded). */
  notes?: readonly string[];
  /**
   * Toasts of one kind and group are one toast: a repeat replaces its text, counts "×N" and
   * starts its time again. Without a group, only the same text repeated is grouped.
   */
  group?: string;
};

type View = typeof import("./toaster-view");

export const toastId = (kind: ToastKind, title: string, group?: string) => `${kind}:${group ?? title}`;

let view: View | null = null;
let loading: Promise<View> | null = null;
let mounted = false;
let wanted = false;
const waiting: Array<(view: View) => void> = [];
const listeners = new Set<() => void>();

function load(): Promise<View> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loading ??= import("./toaster-view").then((m) => (view = m));
  return loading;
}

function flush() {
  mounted = true;
  if (!view) return;
  for (const run of waiting.splice(0)) run(view);
}

/** Runs `run` with sonner once the toaster listens (at once after the first toast). */
export function withToaster(run: (view: View) => void): void {
  if (view && mounted) return run(view);
  waiting.push(run);
  void load().catch(() => {
    // The chunk could not load (the network is gone): the toasts are dropped; pages show their own states.
    waiting.length = 0;
    loading = null;
  });
}

/** Shows a toast, or counts a repeat into the one already shown. Returns its id. */
export function notify(kind: ToastKind, title: string, options: NotifyOptions = {}): string {
  withToaster((v) => v.notify(kind, title, options));
  return toastId(kind, title, options.group);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function Toaster() {
  const want = useSyncExternalStore(subscribe, () => wanted, () => false);
  const [loaded, setLoaded] = useState<View | null>(view);
  useEffect(() => {
    if (want && !loaded) void load().then(setLoaded, () => undefined);
  }, [want, loaded]);
  if (!loaded) return null;
  const { ToasterView } = loaded;
  return <ToasterView onMounted={flush} />;
}
