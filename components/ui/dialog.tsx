"use client";

import { cva, type VariantProps } from "class-variance-authority";
import { useEffect, useId, useRef } from "react";
import { cn } from "@/lib/cn";

const dialogVariants = cva(
  // Classes only, no style attributes: the page's CSP needs nothing beyond what Tailwind's stylesheet gives.
  "m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100",
  {
    variants: {
      size: {
        md: "w-[min(32rem,calc(100vw-2rem))]",
        lg: "w-[min(64rem,calc(100vw-2rem))]",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export type DialogProps = VariantProps<typeof dialogVariants> & {
  open: boolean;
  /** Asked to close: Escape, a click on the backdrop, or the browser closing the dialog on its own. */
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: React.ReactNode;
  /** Beside the title (a close button, say). */
  headerEnd?: React.ReactNode;
  /** Off while something is being sent: Escape and the backdrop then do nothing. */
  dismissible?: boolean;
  /** Off for forms, where a stray click outside must not throw away what was typed. */
  closeOnBackdrop?: boolean;
  onKeyDown?: React.KeyboardEventHandler<HTMLDialogElement>;
  className?: string;
  children: React.ReactNode;
};

/**
 * The one modal of the dashboard, on the native <dialog> opened with
 * showModal(): the browser keeps focus inside, makes the rest of the page
 * inert and turns Escape into `cancel`. Controlled by `open`; the content is
 * mounted only while open, so every opening starts fresh. Focus goes to the
 * element marked `data-autofocus` (else the browser's first focusable one) and
 * returns to whatever had it before, also when the browser closes the dialog
 * itself.
 */
export function Dialog({ open, onClose, title, headerEnd, dismissible = true, closeOnBackdrop = true, onKeyDown, size, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  const pressedOnBackdrop = useRef(false);
  // The close event can come after a render: read the latest props, not the ones of its closure.
  const latest = useRef({ open, onClose, dismissible });
  useEffect(() => {
    latest.current = { open, onClose, dismissible };
  });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      el.showModal();
      el.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  // Unmounted while open (a route change): the opener may still be on the page.
  useEffect(() => () => restoreFocus(opener), []);

  const requestClose = () => {
    if (latest.current.dismissible) latest.current.onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Escape: the parent decides (it may be sending), then `open` closes the dialog.
        e.preventDefault();
        requestClose();
      }}
      onClose={() => {
        const { open: stillOpen, dismissible: canClose } = latest.current;
        // The browser may close a modal without a cancel event (Escape pressed twice with no other
        // input between): put it back while it must stay, else let the parent catch up.
        if (stillOpen && !canClose) {
          ref.current?.showModal();
          return;
        }
        restoreFocus(opener);
        if (stillOpen) latest.current.onClose();
      }}
      onPointerDown={(e) => {
        pressedOnBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        // The dialog element itself is only hit outside its content box, i.e. on the backdrop; a press
        // that started inside (selecting text, then releasing outside) is not a click on the backdrop.
        if (closeOnBackdrop && pressedOnBackdrop.current && e.target === e.currentTarget) requestClose();
        pressedOnBackdrop.current = false;
      }}
      onKeyDown={onKeyDown}
      className={cn(dialogVariants({ size }), className)}
    >
      {open && (
        <div className="flex flex-col gap-3 p-5">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {headerEnd}
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

function restoreFocus(opener: React.RefObject<HTMLElement | null>) {
  const el = opener.current;
  opener.current = null;
  if (el?.isConnected && !el.closest("dialog:not([open])")) el.focus();
}
