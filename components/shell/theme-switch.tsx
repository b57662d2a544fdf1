"use client";

import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { cn } from "@/lib/cn";

const THEMES = ["light", "dark", "system"] as const;
type ThemeChoice = (typeof THEMES)[number];

const ICONS: Record<ThemeChoice, string> = { light: "☀", dark: "☾", system: "◐" };

// The chosen theme is only known in the browser (localStorage): render no
// pressed state on the server so hydration matches, then show the real one.
const subscribe = () => () => {};
function useMounted(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}

/**
 * Runs `change` with every transition stopped until the next frames have been drawn, so the page
 * changes colour at once instead of fading its buttons. Only around a person's own change: doing
 * it on every mount (next-themes' disableTransitionOnChange) cost each page two full style
 * recalculations while it hydrated.
 */
function withoutTransitions(change: () => void): void {
  const style = document.createElement("style");
  style.textContent = "*,*::before,*::after{transition:none!important}";
  document.head.appendChild(style);
  change();
  requestAnimationFrame(() => requestAnimationFrame(() => style.remove()));
}

export function ThemeSwitch() {
  const t = useTranslations("common.theme");
  const { theme, setTheme } = useTheme();
  const mounted = useMounted();
  const current = mounted ? (theme ?? "system") : undefined;

  return (
    <div role="group" aria-label={t("label")} className="inline-flex rounded-md border border-zinc-300 dark:border-zinc-700">
      {THEMES.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={current === choice}
          title={t(choice)}
          onClick={() => withoutTransitions(() => setTheme(choice))}
          data-theme-choice={choice}
          className={cn(
            "px-2.5 py-1.5 text-sm first:rounded-l-md last:rounded-r-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
            current === choice
              ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900"
              : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
          )}
        >
          <span aria-hidden="true">{ICONS[choice]}</span>
          <span className="sr-only">{t(choice)}</span>
        </button>
      ))}
    </div>
  );
}
