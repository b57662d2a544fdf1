"use client";

import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { NavLinks, type NavItem } from "./nav-links";

/**
 * The phone menu: a disclosure button that opens the navigation and the
 * account controls below the header. Closes on navigation and on Escape
 * (focus goes back to the button).
 */
export function MobileMenu({ items, children }: { items: NavItem[]; children: React.ReactNode }) {
  const t = useTranslations("common");
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div>
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
