"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { notify } from "@/components/ui/toaster";
import { LANDINGS, type Landing } from "@/lib/auth/landing";
import { apiPost } from "@/lib/queries/fetch-json";

type Texts = { label: string; role: string; save: string; saved: string; pages: Record<Landing, string> };

const ROLE = "";

/**
 * The page this person lands on after signing in: their role's (the first choice) or one of the
 * others. Saved through /api/account/landing; it applies from the next sign-in (or /start).
 */
export function LandingForm({ own, texts }: { own: Landing | null; texts: Texts }) {
  const errorText = useErrorText();
  const [value, setValue] = useState<string>(own ?? ROLE);
  const save = useMutation({
    mutationFn: (landing: Landing | null) => apiPost("/api/account/landing", { landing }),
    onSuccess: () => notify("success", texts.saved),
  });
  const option = (v: string, label: string) => (
    <label key={v || "role"} className="flex items-center gap-2 text-sm">
      <input type="radio" name="landing" value={v} checked={value === v} onChange={() => setValue(v)} className="h-4 w-4 accent-blue-700" />
      {label}
    </label>
  );
  return (
    <form
      className="flex flex-col gap-3"
      data-testid="landing-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value === ROLE ? null : (value as Landing));
      }}
    >
      <fieldset className="flex flex-col gap-1.5">
        <legend className="sr-only">{texts.label}</legend>
        {option(ROLE, texts.role)}
        {LANDINGS.map((l) => option(l, texts.pages[l]))}
      </fieldset>
      <Button type="submit" variant="primary" className="self-start" disabled={save.isPending}>
        {texts.save}
      </Button>
      {save.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(save.error)}
        </p>
      )}
    </form>
  );
}
