"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";
import { LinkPending } from "@/components/ui/link-pending";
import { InboxCount } from "./inbox-count";

/** `count`: a live number beside the label (the inbox's waiting posts). */
export type NavItem = { href: string; label: string; count?: "inbox"; /** Behind "More" on a desktop; listed in full in the phone menu. */ more?: true };

/** True when `pathname` is the item's page or below it ("/" matches only itself). */
export function isActive(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function NavLinks({ items, vertical = false, onNavigate }: { items: NavItem[]; vertical?: boolean; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <ul className={cn("flex gap-1", vertical ? "flex-col" : "items-center")}>
      {items.map((item) => {
        const active = isActive(item.href, pathname);
        return (
          <li key={item.href}>
            <Link
              // The header's few sections: the whole page prefetched while in view, so a click renders at once.
              prefetch
              href={item.href}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={cn(
                "block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
                active
                  ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900"
                  : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
              )}
            >
              {item.label}
              {item.count === "inbox" && <InboxCount />}
              <LinkPending />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
