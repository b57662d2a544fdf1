"use client";

import { useTranslations } from "next-intl";
import type { TelegramKinds } from "@/lib/queries/telegram";

const KINDS = ["deadline", "mention", "changes_requested", "digest"] as const;

/** Which cards a person wants in one messenger (due-soon, mentions, change requests, the daily digest); the labels are the same for both. */
export function KindsFieldset({ legend, kinds, onChange }: { legend: string; kinds: TelegramKinds; onChange: (kinds: TelegramKinds) => void }) {
  const t = useTranslations("notify.telegram");
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {KINDS.map((k) => (
        <label key={k} className="flex min-h-9 items-center gap-2">
          <input type="checkbox" checked={kinds[k]} onChange={(e) => onChange({ ...kinds, [k]: e.target.checked })} />
          {t(`kind.${k}`)}
        </label>
      ))}
    </fieldset>
  );
}
