"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { useDisclosure } from "@/components/shell/use-disclosure";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { notificationsOptions } from "@/lib/queries/notify";

// The panel (its list, texts and "mark read") loads on the first opening, not with every page.
const NotificationPanel = dynamic(() => import("./notification-panel").then((m) => m.NotificationPanel));

/**
 * The header's bell: the unread count on it, and a panel with the latest
 * notifications (each a link to its post; opening one marks it read), "mark
 * all read" and the way to the settings. Live events refresh it
 * (lib/events/invalidate.ts); a slow poll covers a tab without them.
 */
export function NotificationBell() {
  const t = useTranslations("notify");
  // Closes on Escape (focus back to the bell), a click outside and navigation, like the header's menus.
  const { open, setOpen, button, root } = useDisclosure();
  const id = useId();
  const query = useQuery(notificationsOptions());
  const unread = query.data?.unread ?? 0;

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        data-testid="notification-bell"
        className={cn(buttonVariants({ size: "icon", variant: "ghost" }), "relative")}
        aria-expanded={open}
        aria-controls={id}
        aria-label={`${t("bell.label")}, ${t("bell.unread", { count: unread })}`}
        onClick={() => setOpen((o) => !o)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-unread-count={unread}
            className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white dark:bg-red-400 dark:text-zinc-950"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={id} items={query.data?.items} failed={query.isError} unread={unread} onClose={() => setOpen(false)} />}
    </div>
  );
}
