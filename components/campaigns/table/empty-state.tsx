"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

export function CampaignTableEmpty({ onReset }: { onReset?: () => void }) {
  const t = useTranslations("analytics.campaigns");
  return (
    <div className="rounded-md border border-dashed border-zinc-300 p-6 text-center text-sm dark:border-zinc-700">
      <p>{t("empty")}</p>
      {onReset && (
        <Button size="sm" className="mt-3" onClick={onReset}>
          {t("resetFilters")}
        </Button>
      )}
    </div>
  );
}
