"use client";

import { useTranslations } from "next-intl";
import { useCallback, useId, useSyncExternalStore } from "react";

/*
 * The visitor's name: asked once and kept in this browser (localStorage), so
 * a client approving several posts types it once. It is what the audit log
 * records (`external:<name>`), so it is trimmed and 1–80 characters, as the
 * server checks again.
 */
const KEY = "share.visitor-name";
export const NAME_MAX = 80;
const listeners = new Set<() => void>();

function read(): string {
  try {
    return window.localStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVisitorName(): [string, (next: string) => void] {
  const value = useSyncExternalStore(subscribe, read, () => "");
  const set = useCallback((next: string) => {
    try {
      window.localStorage.setItem(KEY, next.slice(0, NAME_MAX));
    } catch {
      // private mode: the name just lasts this page
    }
    for (const l of listeners) l();
  }, []);
  return [value, set];
}

export function VisitorNameField({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const t = useTranslations("share.visitor");
  const id = useId();
  return (
    <div className="max-w-sm space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {t("nameLabel")}
      </label>
      <input
        id={id}
        name="visitor-name"
        autoComplete="name"
        maxLength={NAME_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint`}
        className="h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <p id={`${id}-hint`} className="text-xs text-zinc-700 dark:text-zinc-300">
        {t("nameHint")}
      </p>
    </div>
  );
}
