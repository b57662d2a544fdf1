"use client";

import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useEffect, useSyncExternalStore } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { bottomInset, subscribeInset, toastId, type NotifyOptions, type ToastKind } from "./toaster";
import { NoteList } from "./note-list";

export { toast };

/*
 * The dashboard's one toaster (sonner). Loaded on the first toast through ./toaster (the
 * facade every caller imports), so sonner is not part of any page's first load.
 *
 * CSP: sonner 2 adds its stylesheet as a <style> element when the module loads and positions
 * toasts with style attributes; it takes no nonce and has no switch to leave the stylesheet out.
 * The page policy's style-src allows inline styles ('unsafe-inline', no nonce: a nonce there
 * would switch 'unsafe-inline' off), which both need; toaster.test.tsx checks that it still does.
 */

// Warnings and errors ask for reading: they stay twice as long.
const DURATION_MS: Record<ToastKind, number> = { success: 6_000, info: 6_000, warning: 12_000, error: 12_000 };

/** How many times each shown toast has been asked for. */
const repeats = new Map<string, number>();

/** Shows a toast, or counts a repeat into the one already shown. Returns its id. */
export function notify(kind: ToastKind, title: string, { notes = [], group, id: own }: NotifyOptions = {}): string {
  if (own !== undefined) {
    // A post's own toast: what was there (its undo countdown, "sending") gives way to this, in place.
    toast[kind](<ToastTitle text={title} count={1} />, {
      id: own,
      duration: DURATION_MS[kind],
      description: notes.length > 0 ? <ToastNotes notes={notes} /> : undefined,
      action: undefined,
      dismissible: true,
      closeButton: true,
    });
    return own;
  }
  const id = toastId(kind, title, group);
  const count = (repeats.get(id) ?? 0) + 1;
  repeats.set(id, count);
  const forget = () => void repeats.delete(id);
  toast[kind](<ToastTitle text={title} count={count} />, {
    id,
    duration: DURATION_MS[kind],
    description: notes.length > 0 ? <ToastNotes notes={notes} /> : undefined,
    onDismiss: forget,
    onAutoClose: forget,
  });
  return id;
}

function ToastTitle({ text, count }: { text: string; count: number }) {
  const t = useTranslations("common.toasts");
  return (
    <span data-toast-title>
      {text}
      {count > 1 && (
        <>
          {" "}
          <span aria-hidden="true" data-toast-count={count} className="ml-1 inline-block rounded-full bg-(--normal-text) px-1.5 text-xs font-semibold text-(--normal-bg)">
            ×{count}
          </span>
          <span className="sr-only">({t("repeated", { count })})</span>
        </>
      )}
    </span>
  );
}

function ToastNotes({ notes }: { notes: readonly string[] }) {
  return <NoteList notes={notes} data-toast-notes className="mt-1" />;
}

// The kinds' colours (the same pairs the panels use, so contrast holds in both themes), set as
// sonner's own variables so its background, border, text, close and action buttons all follow.
const KIND_CLASSES: Record<ToastKind, string> = {
  success:
    "[--normal-bg:var(--color-green-50)] [--normal-border:var(--color-green-300)] [--normal-text:var(--color-green-950)] dark:[--normal-bg:var(--color-green-950)] dark:[--normal-border:var(--color-green-800)] dark:[--normal-text:var(--color-green-100)]",
  info: "[--normal-bg:var(--color-white)] [--normal-border:var(--color-zinc-300)] [--normal-text:var(--color-zinc-900)] dark:[--normal-bg:var(--color-zinc-900)] dark:[--normal-border:var(--color-zinc-700)] dark:[--normal-text:var(--color-zinc-100)]",
  warning:
    "[--normal-bg:var(--color-amber-50)] [--normal-border:var(--color-amber-300)] [--normal-text:var(--color-amber-950)] dark:[--normal-bg:var(--color-amber-950)] dark:[--normal-border:var(--color-amber-800)] dark:[--normal-text:var(--color-amber-100)]",
  error:
    "[--normal-bg:var(--color-red-50)] [--normal-border:var(--color-red-300)] [--normal-text:var(--color-red-950)] dark:[--normal-bg:var(--color-red-950)] dark:[--normal-border:var(--color-red-800)] dark:[--normal-text:var(--color-red-100)]",
};

/** Wide screens show the queue's preview in a right-hand column; narrow ones in a sheet at the bottom. */
const WIDE = "(min-width: 64rem)";
const subscribeWide = (onChange: () => void) => {
  if (typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
const isWide = () => typeof window.matchMedia !== "function" || window.matchMedia(WIDE).matches;

/** Sonner's own gap from the screen's edge (its default), kept beside a raised bottom. */
const EDGE_PX = 16;

/**
 * Bottom-left on wide screens (the queue's preview pane and the post's decision panel are on the
 * right; the header on top). Bottom-centre on narrow ones, never over the header, and raised above
 * a bottom sheet with decision buttons (setToastBottomInset). At most three show; more collapse
 * into the stack, which opens on hover or focus (Alt+T).
 */
export function ToasterView({ onMounted }: { onMounted: () => void }) {
  const t = useTranslations("common.toasts");
  // Toasts asked for while this module loaded are shown once sonner listens.
  useEffect(onMounted, [onMounted]);
  const { resolvedTheme, forcedTheme } = useTheme();
  const wide = useSyncExternalStore(subscribeWide, isWide, () => true);
  const inset = useSyncExternalStore(subscribeInset, bottomInset, () => 0);
  const raised = wide ? undefined : { bottom: inset + EDGE_PX };
  return (
    <Sonner
      theme={(forcedTheme ?? resolvedTheme) === "dark" ? "dark" : "light"}
      position={wide ? "bottom-left" : "bottom-center"}
      offset={raised}
      mobileOffset={raised}
      visibleToasts={3}
      closeButton
      containerAriaLabel={t("region")}
      toastOptions={{
        closeButtonAriaLabel: t("close"),
        classNames: { toast: "font-sans", ...KIND_CLASSES },
      }}
    />
  );
}
