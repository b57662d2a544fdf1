"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { REASON_MAX } from "@/lib/queries/posts";

/** Asks why the post is rejected: 1 to 500 characters (trimmed), checked before anything is sent. */
export function RejectDialog({
  open,
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const t = useTranslations("review.decision.rejectDialog");
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  // A fresh form each time the dialog opens.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason("");
      setTouched(false);
    }
  }
  const ids = { title: useId(), field: useId(), error: useId(), count: useId() };

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  const trimmed = reason.trim();
  const error = trimmed.length === 0 ? t("required") : trimmed.length > REASON_MAX ? t("tooLong", { max: REASON_MAX }) : null;
  const showError = touched && error !== null;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={ids.title}
      onClose={onCancel}
      className="m-auto w-[min(95vw,32rem)] rounded-lg bg-white p-5 text-zinc-900 backdrop:bg-black/60 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (error === null) onSubmit(trimmed);
        }}
        className="space-y-3"
      >
        <h2 id={ids.title} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <div className="space-y-1">
          <label htmlFor={ids.field} className="block text-sm font-medium">
            {t("label")}
          </label>
          <textarea
            id={ids.field}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            rows={4}
            required
            aria-invalid={showError}
            aria-describedby={`${ids.count}${showError ? ` ${ids.error}` : ""}`}
            className="w-full rounded-md border border-zinc-400 bg-white p-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-950"
          />
          <p id={ids.count} className="text-xs text-zinc-700 dark:text-zinc-300">
            {t("count", { length: trimmed.length, max: REASON_MAX })}
          </p>
          {showError && (
            <p id={ids.error} className="text-sm font-medium text-red-800 dark:text-red-300">
              <span aria-hidden="true">⚠ </span>
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={onCancel}>{t("cancel")}</Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? t("sending") : t("submit")}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
