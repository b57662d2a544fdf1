"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { cn } from "@/lib/cn";
import { isActive, NavLinks, type NavItem } from "./nav-links";
import { useDisclosure } from "./use-disclosure";

/**
 * The desktop header's "More" disclosure: pages opened less often than the
 * daily ones (projects, the logs, analytics, administration), so the header
 * fits one line in Russian at 1024 px. Closes on navigation, on Escape (focus
 * back to the button) and on a click elsewhere. The button looks current while
 * one of its pages is open.
 */
export function MoreMenu({ items }: { items: NavItem[] }) {
  const t = useTranslations("common");
  const { open, setOpen, button, root, pathname } = useDisclosure();
  const id = useId();

  if (items.length === 0) return null;
  const current = items.some((item) => isActive(item.href, pathname));
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          "flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
          current
            ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900"
            : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
        )}
      >
        {t("nav.more")}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          id={id}
          className="absolute left-0 top-full z-40 mt-1 min-w-56 rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-800 dark:bg-zinc-950"
        >
          <NavLinks items={items} vertical onNavigate={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
