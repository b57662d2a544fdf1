"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { notify } from "@/components/ui/toaster";
import { apiPost } from "@/lib/queries/fetch-json";

type Texts = { label: string; team: string; save: string; saved: string };

/**
 * The person's own time zone (or the team's). Saved, the page is rendered again on the server,
 * so every time on it, and every formatter in the browser, takes the new zone.
 */
export function TimeZoneForm({ own, zones, texts }: { own: string | null; zones: readonly string[]; texts: Texts }) {
  const router = useRouter();
  const errorText = useErrorText();
  const [value, setValue] = useState(own ?? "");
  const save = useMutation({
    mutationFn: (zone: string | null) => apiPost("/api/account/time-zone", { time_zone: zone }),
    onSuccess: () => {
      notify("success", texts.saved);
      router.refresh();
    },
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value === "" ? null : value);
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{texts.label}</span>
        <select
          name="time_zone"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          <option value="">{texts.team}</option>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {texts.save}
      </Button>
      {save.isError && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {errorText(save.error)}
        </p>
      )}
    </form>
  );
}
