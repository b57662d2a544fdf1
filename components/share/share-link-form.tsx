"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { createShareLink, shareLinksKey } from "@/lib/queries/share";
import type { ShareTarget } from "./share-button";

/** Lifetimes offered, in hours (the API takes any whole number from 1 to 168). */
const EXPIRIES = [1, 24, 72, 168] as const;

/** Expiry and "may decide", then the new link with a copy button: its address is shown this once. */
export function ShareLinkForm({ target }: { target: ShareTarget }) {
  const t = useTranslations("share.manage");
  const client = useQueryClient();
  const id = useId();
  const [hours, setHours] = useState<number>(72);
  const [canDecide, setCanDecide] = useState(true);
  const [copied, setCopied] = useState(false);
  const mutation = useMutation({
    mutationFn: () => createShareLink({ ...target, expires_in_hours: hours, can_decide: canDecide }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinksKey(target) }),
  });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false); // the field stays selected for a manual copy
    }
  };

  return (
    <div className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setCopied(false);
          mutation.mutate();
        }}
      >
        <div className="space-y-1">
          <label htmlFor={`${id}-expiry`} className="block text-sm font-medium">
            {t("expiry")}
          </label>
          <select
            id={`${id}-expiry`}
            value={hours}
            onChange={(e) => setHours(Number(e.target.value))}
            className="h-10 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            {EXPIRIES.map((h) => (
              <option key={h} value={h}>
                {t("hours", { count: h })}
              </option>
            ))}
          </select>
        </div>
        <label className="flex h-10 items-center gap-2 text-sm">
          <input type="checkbox" checked={canDecide} onChange={(e) => setCanDecide(e.target.checked)} className="h-4 w-4" />
          {t("canDecide")}
        </label>
        <Button type="submit" variant="primary" disabled={mutation.isPending} data-share-create>
          {t("create")}
        </Button>
      </form>
      {mutation.isError && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {mutation.error.message}
        </p>
      )}
      {mutation.isSuccess && (
        <div className="space-y-1" aria-live="polite">
          <label htmlFor={`${id}-url`} className="block text-sm font-medium">
            {t("created")}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`${id}-url`}
              readOnly
              value={mutation.data.url}
              onFocus={(e) => e.currentTarget.select()}
              data-share-url
              className="h-10 min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
            />
            <Button onClick={() => void copy(mutation.data.url)}>{copied ? t("copied") : t("copy")}</Button>
          </div>
          <p className="text-xs text-zinc-700 dark:text-zinc-300">{t("onlyOnce")}</p>
        </div>
      )}
    </div>
  );
}
