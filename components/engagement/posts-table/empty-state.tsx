"use client";

import { useTranslations } from "next-intl";
import { DataTableEmpty } from "@/components/ui/data-table/empty";

export function PostsTableEmpty() {
  const t = useTranslations("analytics.engagement");
  return (
    <DataTableEmpty>
      <p>{t("noPosts")}</p>
    </DataTableEmpty>
  );
}
