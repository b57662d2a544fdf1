"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { Verdict } from "@/lib/checks/types";

/** A clean mark, or the counts by severity: words and an icon, not colour alone. */
export function VerdictMark({ verdict, warn, block, compact }: { verdict: Verdict; warn: number; block: number; compact?: boolean }) {
  const t = useTranslations("review.checks");
  if (verdict === "clean") {
    return (
      <Badge tone="success" data-checks-mark="clean">
        <span aria-hidden="true">✓</span>
        {t("clean")}
      </Badge>
    );
  }
  return (
    <span className="inline-flex flex-wrap gap-1" data-checks-mark={verdict}>
      {block > 0 && (
        <Badge tone="danger" title={compact ? t("blockCount", { count: block }) : undefined}>
          <span aria-hidden="true">✕</span>
          {t("blockCount", { count: block })}
        </Badge>
      )}
      {warn > 0 && (
        <Badge tone="warning">
          <span aria-hidden="true">⚠</span>
          {t("warnCount", { count: warn })}
        </Badge>
      )}
    </span>
  );
}
