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
  /**
   * The toast's own id (a decision's: one per post). A new toast with it replaces the one shown
   * in place (its undo countdown becomes the outcome), never counted "×N"; `group` is ignored.
   */
  id?: string;
};

type View = typeof import("./toaster-view");

export const toastId = (kind: ToastKind, title: string, group?: string) => `${kind}:${group ?? title}`;

/** The one toast of a post's decision: its undo countdown, then what happened (components/triage/undo-toast.tsx). */
export const decisionToastId = (taskId: number) => `decision:${taskId}`;

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
  return options.id ?? toastId(kind, title, options.group);
}

/*
 * What toasts must not cover on a phone, where they sit at the bottom: a sheet fixed there (the
 * triage preview with its decision buttons) says how tall it is, and the toasts rise above it.
 */
const insets = new Map<string, number>();
const insetListeners = new Set<() => void>();
let inset = 0;

/** Keeps phone toasts `px` above the bottom while `owner` is shown; 0 (or unmount) lets go. */
export function setToastBottomInset(owner: string, px: number): void {
  if (px > 0) insets.set(owner, px);
  else insets.delete(owner);
  const next = Math.max(0, ...insets.values());
  if (next === inset) return;
  inset = next;
  for (const listener of insetListeners) listener();
}

export const subscribeInset = (listener: () => void) => {
  insetListeners.add(listener);
  return () => void insetListeners.delete(listener);
};
export const bottomInset = () => inset;

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
