"use client";

import { useTranslations } from "next-intl";

/** What the preview pane says until a row is chosen (the desk shows it without loading the pane's code). */
export function PreviewHint() {
  const t = useTranslations("review.queue.preview");
  return <p className="p-4 text-sm text-zinc-700 dark:text-zinc-300">{t("empty")}</p>;
}
