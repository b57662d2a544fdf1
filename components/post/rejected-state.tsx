"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMounted } from "@/components/ui/use-mounted";
import { Badge } from "@/components/ui/badge";
import { labelIn, labelOr } from "@/i18n/keys";
import { postDecisionsQuery, type DecisionItem } from "@/lib/queries/decisions";
import { DateTime } from "./date-time";

/** The dashboard's results that changed the post (lib/server/audit.ts EFFECTIVE). */
const EFFECTIVE = new Set(["approved_now", "rejected_now"]);

/** The dashboard's reject that canceled this post: the newest decision that changed it, when it is a reject. */
export function dashboardReject(items: readonly DecisionItem[]): DecisionItem | null {
  const last = items.find((i) => i.result !== null && EFFECTIVE.has(i.result));
  return last?.action === "reject" ? last : null;
}

/**
 * A CANCELED post that was rejected through the dashboard (its audit log says who, when, why),
 * else null: «Отменён» stays for posts canceled elsewhere. The decisions are read with the post on
 * a first load (the post page's ownReads); before mounting nothing new is fetched (see useMounted).
 */
export function useDashboardReject(id: number, status: string): DecisionItem | null {
  const mounted = useMounted();
  const { data } = useQuery({ ...postDecisionsQuery(id), enabled: mounted && status === "CANCELED" });
  return status === "CANCELED" && data ? dashboardReject(data.items) : null;
}

/** «Отклонён» in place of «Отменён» for a post the dashboard rejected. */
export function RejectedBadge({ className }: { className?: string }) {
  const t = useTranslations("review.decision.rejected");
  return (
    <Badge tone="danger" data-post-status="CANCELED" data-rejected className={className}>
      {t("badge")}
    </Badge>
  );
}

/** Who rejected the post, when, with which category and reason: in place of "canceled, no decision needed". */
export function RejectedNote({ item }: { item: DecisionItem }) {
  const t = useTranslations("review.decision.rejected");
  const tc = useTranslations("common");
  const categories = useTranslations("review.rejectCategory");
  return (
    <div data-testid="rejected-note" className="space-y-1 rounded-md border border-zinc-300 p-3 text-sm dark:border-zinc-700">
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <RejectedBadge />
        {t("by", { name: item.user_name, role: labelOr(tc, "roles", item.role) })}
      </p>
      <p className="text-zinc-700 dark:text-zinc-300">
        <DateTime value={item.at} />
        {item.version_number !== null && <> · {t("version", { n: item.version_number })}</>}
      </p>
      {item.reason_category && <p>{t("category", { category: labelIn(categories, item.reason_category) })}</p>}
      {item.reason && <p>{t("reason", { text: item.reason })}</p>}
      <p className="text-zinc-700 dark:text-zinc-300">{t("final")}</p>
    </div>
  );
}
