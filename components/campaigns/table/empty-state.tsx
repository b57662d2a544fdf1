"use client";

import { useTranslations } from "next-intl";
import { DataTableEmpty } from "@/components/ui/data-table/empty";
import { Button } from "@/components/ui/button";

export function CampaignTableEmpty({ onReset }: { onReset?: () => void }) {
  const t = useTranslations("analytics.campaigns");
  return (
    <DataTableEmpty>
      <p>{t("empty")}</p>
      {onReset && (
        <Button size="sm" className="mt-3" onClick={onReset}>
          {t("resetFilters")}
        </Button>
      )}
    </DataTableEmpty>
  );
}
