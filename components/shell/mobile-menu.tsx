"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { buttonVariants } from "@/components/ui/button";
import { NavLinks, type NavItem } from "./nav-links";
import { useDisclosure } from "./use-disclosure";

/**
 * The phone menu: a disclosure button that opens the navigation and the
 * account controls below the header. Closes on navigation and on Escape
 * (focus goes back to the button).
 */
export function MobileMenu({ items, children }: { items: NavItem[]; children: React.ReactNode }) {
  const t = useTranslations("common");
  // The root is the panel's container too, so a tap outside the open menu closes it.
  const { open, setOpen, button, root } = useDisclosure();
  const id = useId();

  return (
    <div ref={root}>
      <button
        ref={button}
        type="button"
        className={buttonVariants({ size: "sm", variant: "secondary" })}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">{open ? "✕" : "☰"}</span>
        {t("menu")}
      </button>
      {open && (
        <div
          id={id}
          className="absolute inset-x-0 top-full z-40 border-b border-zinc-200 bg-white p-4 shadow-lg dark:border-zinc-800 dark:bg-zinc-950"
        >
          <nav aria-label={t("mainNav")}>
            <NavLinks items={items} vertical onNavigate={() => setOpen(false)} />
          </nav>
          <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">{children}</div>
        </div>
      )}
    </div>
  );
}
