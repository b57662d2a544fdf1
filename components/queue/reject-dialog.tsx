"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { REASON_MAX } from "@/lib/queries/posts";
import { Modal } from "./modal";

/** Asks the reason of a reject: for one post, or one reason for all selected posts. */
export function RejectDialog({
  open,
  count,
  taskId,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** How many posts the reason applies to (1 for a single reject). */
  count: number;
  taskId: number | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const t = useTranslations("review.queue.reject");
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const trimmed = reason.trim();
  const invalid = trimmed.length === 0;
  const close = () => {
    setReason("");
    setTouched(false);
    onCancel();
  };
  return (
    <Modal open={open} onClose={close} title={count > 1 ? t("titleBulk", { count }) : t("title", { id: taskId ?? 0 })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (invalid || busy) return;
          onConfirm(trimmed);
          setReason("");
          setTouched(false);
        }}
      >
        <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">
          {t("reason")}
        </label>
        <textarea
          id={fieldId}
          autoFocus
          required
          maxLength={REASON_MAX}
          rows={4}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={touched && invalid}
          aria-describedby={touched && invalid ? errorId : undefined}
          className="w-full rounded-md border border-zinc-300 bg-white p-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:bg-zinc-950"
        />
        <p className="mt-1 text-xs text-zinc-700 dark:text-zinc-300">{t("hint", { max: REASON_MAX, left: REASON_MAX - reason.length })}</p>
        {touched && invalid && (
          <p id={errorId} className="mt-1 text-sm text-red-800 dark:text-red-300">
            {t("required")}
          </p>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={close}>{t("cancel")}</Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {count > 1 ? t("confirmBulk", { count }) : t("confirm")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
