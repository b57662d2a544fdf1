"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TRIAGE_KEYS } from "@/lib/keyboard/triage";

/** `?`: the list of keys. */
export function KeysDialog({ open, onClose, readOnly }: { open: boolean; onClose: () => void; readOnly: boolean }) {
  const t = useTranslations("review.keys");
  const keys = TRIAGE_KEYS.filter((k) => !readOnly || !["approve", "reject", "select", "undo"].includes(k.action));
  return (
    <Dialog open={open} onClose={onClose} title={t("title")}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {keys.map((k) => (
          <div key={k.key} className="contents">
            <dt>
              <kbd className="rounded border border-zinc-300 bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-800">{k.key}</kbd>
            </dt>
            <dd>{t(k.action)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-zinc-700 dark:text-zinc-300">{t("note")}</p>
      <div className="flex justify-end">
        <Button onClick={onClose}>{t("close")}</Button>
      </div>
    </Dialog>
  );
}
