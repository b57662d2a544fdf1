"use client";

import { useTranslations } from "next-intl";

export function PostsTableEmpty() {
  const t = useTranslations("analytics.engagement");
  return <p className="rounded-md border border-dashed border-zinc-300 p-6 text-center text-sm dark:border-zinc-700">{t("noPosts")}</p>;
}
