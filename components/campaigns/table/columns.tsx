"use client";

import { createColumnHelper, sortFn_basic, type Row } from "@tanstack/react-table";
import { useTranslations, useFormatter } from "next-intl";
import { useMemo } from "react";
import { CampaignStatusBadge } from "@/components/campaigns/status-badge";
import { TextLink } from "@/components/campaigns/text-link";
import { DAY, dayToDate } from "@/components/campaigns/use-labels";
import type { CampaignListItem } from "@/lib/schemas";
import { CAMPAIGN_STATUSES } from "@/lib/schemas/values";
import type { CampaignTableFeatures } from "./features";
import { DeadlineCell, WaitingCell } from "./waiting";

const helper = createColumnHelper<CampaignTableFeatures, CampaignListItem>();
type CampaignRow = Row<CampaignTableFeatures, CampaignListItem>;

/** Known statuses in their lifecycle order, unknown ones after them. */
const statusRank = (s: string) => {
  const i = (CAMPAIGN_STATUSES as readonly string[]).indexOf(s);
  return i === -1 ? CAMPAIGN_STATUSES.length : i;
};

export function useCampaignColumns(locale: string) {
  const t = useTranslations("analytics.campaigns");
  const format = useFormatter();
  return useMemo(() => {
    // Ascending comparisons only: the table reverses them for descending.
    // One collator for every comparison (localeCompare with options builds a new one each call),
    // built at the first one: a page's first Intl object costs a phone ~100 ms while it hydrates.
    let collator: Intl.Collator | undefined;
    const byText = (a: CampaignRow, b: CampaignRow, id: string) =>
      (collator ??= new Intl.Collator(locale, { sensitivity: "base" })).compare(String(a.getValue(id)), String(b.getValue(id)));
    const day = (d: string) => format.dateTime(dayToDate(d), { ...DAY, dateStyle: "medium" });
    return helper.columns([
      helper.accessor("name", {
        id: "name",
        header: t("col.name"),
        sortFn: byText,
        cell: ({ row }) => <TextLink href={`/campaigns/${row.original.id}`}>{row.original.name}</TextLink>,
        meta: { card: "title" },
      }),
      helper.accessor("project_name", {
        id: "project",
        header: t("col.project"),
        sortFn: byText,
        cell: ({ row }) => <TextLink href={`/projects/${row.original.project_id}`}>{row.original.project_name}</TextLink>,
      }),
      helper.accessor((c) => statusRank(c.status), {
        id: "status",
        header: t("col.status"),
        cell: ({ row }) => <CampaignStatusBadge status={row.original.status} />,
        meta: { card: "badge" },
      }),
      // ISO dates order as plain strings (what the table's auto-detection fell back to, with a dev warning).
      helper.accessor("start_date", { id: "start", header: t("col.start"), sortFn: sortFn_basic, cell: ({ getValue }) => day(getValue()) }),
      // Campaigns without an end date sort last either way.
      helper.accessor((c) => c.end_date ?? undefined, {
        id: "end",
        sortFn: sortFn_basic,
        header: t("col.end"),
        sortUndefined: "last",
        cell: ({ row }) => (row.original.end_date ? day(row.original.end_date) : t("noEnd")),
      }),
      helper.accessor("created_at", {
        id: "created",
        sortFn: sortFn_basic,
        header: t("col.created"),
        cell: ({ getValue }) => format.dateTime(new Date(getValue()), { dateStyle: "medium" }),
      }),
      // From the inbox's per-campaign summary (components/campaigns/table/waiting.tsx); not sortable: the URL's sort keys are the list's own.
      helper.display({
        id: "waiting",
        header: t("col.waiting"),
        cell: ({ row }) => <WaitingCell id={row.original.id} name={row.original.name} />,
        meta: { className: "text-right" },
      }),
      helper.display({
        id: "deadline",
        header: t("col.deadline"),
        cell: ({ row }) => <DeadlineCell id={row.original.id} />,
      }),
      helper.display({
        id: "links",
        header: t("col.links"),
        cell: ({ row }) => (
          <span className="flex gap-3">
            <TextLink href={`/campaigns/${row.original.id}/queue`} aria-label={t("queueOf", { name: row.original.name })}>
              {t("queue")}
            </TextLink>
            <TextLink href={`/campaigns/${row.original.id}/engagement`}>{t("engagement")}</TextLink>
          </span>
        ),
        meta: { card: "actions" },
      }),
    ]);
  }, [t, format, locale]);
}
