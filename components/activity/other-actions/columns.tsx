"use client";

import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { useTranslations, useFormatter } from "next-intl";
import { type KeyOf, type TranslatorFor } from "@/i18n/keys";
import { detailText, detailWords, kindLabel } from "@/lib/analytics/audit-events-csv";
import type { AuditEventsPage } from "@/lib/queries/audit-events";
import { CampaignCell, PersonCell, PostCell } from "../cells/named";

export const otherActionsFeatures = tableFeatures({});
export type OtherActionRow = AuditEventsPage["items"][number];
const helper = createColumnHelper<typeof otherActionsFeatures, OtherActionRow>();

function H({ k }: { k: KeyOf<TranslatorFor<"review.activity.other.columns">> }) {
  const t = useTranslations("review.activity.other.columns");
  return <>{t(k)}</>;
}

function Time({ at }: { at: string }) {
  const format = useFormatter();
  return <time dateTime={at}>{format.dateTime(new Date(at), { dateStyle: "short", timeStyle: "medium" })}</time>;
}

function Kind({ kind }: { kind: string }) {
  const t = useTranslations("review.activity.other");
  return <>{kindLabel(t, "kind", kind)}</>;
}

function Detail({ detail }: { detail: Record<string, unknown> | null }) {
  const t = useTranslations("review.activity.other");
  const text = detailText(detail, detailWords(t));
  return <span className="block max-w-80 break-words text-sm">{text === "" ? "—" : text}</span>;
}

export const otherActionsColumns = helper.columns([
  helper.accessor("at", { header: () => <H k="at" />, cell: (c) => <Time at={c.getValue()} />, meta: { card: "title" } }),
  helper.accessor("actor_name", {
    header: () => <H k="actor_name" />,
    cell: (c) => <PersonCell name={c.getValue()} email={c.row.original.actor_email} role={c.row.original.role} />,
  }),
  helper.accessor("kind", { header: () => <H k="kind" />, cell: (c) => <Kind kind={c.getValue()} />, meta: { card: "badge" } }),
  helper.accessor("task_id", { header: () => <H k="task_id" />, cell: (c) => <PostCell id={c.getValue()} title={c.row.original.post_title} /> }),
  helper.accessor("campaign_id", { header: () => <H k="campaign_id" />, cell: (c) => <CampaignCell id={c.getValue()} name={c.row.original.campaign_name} /> }),
  helper.display({
    id: "detail",
    header: () => <H k="detail" />,
    cell: (c) => <Detail detail={c.row.original.detail_json} />,
  }),
]);
