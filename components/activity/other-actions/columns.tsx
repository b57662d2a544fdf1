"use client";

import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { useTranslations, useFormatter } from "next-intl";
import Link from "next/link";
import { labelOr, type KeyOf, type TranslatorFor } from "@/i18n/keys";
import { detailText, kindLabel } from "@/lib/analytics/audit-events-csv";
import type { AuditEventsPage } from "@/lib/queries/audit-events";

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

function Role({ role }: { role: string }) {
  const t = useTranslations("common");
  return <>{labelOr(t, "roles", role)}</>;
}

function Kind({ kind }: { kind: string }) {
  const t = useTranslations("review.activity.other");
  return <>{kindLabel(t, "kind", kind)}</>;
}

const link = "text-blue-800 underline underline-offset-2 dark:text-blue-300";

export const otherActionsColumns = helper.columns([
  helper.accessor("at", { header: () => <H k="at" />, cell: (c) => <Time at={c.getValue()} />, meta: { card: "title" } }),
  helper.accessor("actor_name", {
    header: () => <H k="actor_name" />,
    cell: (c) => (
      <span className="block">
        {c.getValue()}
        <span className="block text-xs text-zinc-700 dark:text-zinc-300">{c.row.original.actor_email}</span>
      </span>
    ),
  }),
  helper.accessor("role", { header: () => <H k="role" />, cell: (c) => <Role role={c.getValue()} /> }),
  helper.accessor("kind", { header: () => <H k="kind" />, cell: (c) => <Kind kind={c.getValue()} />, meta: { card: "badge" } }),
  helper.accessor("task_id", {
    header: () => <H k="task_id" />,
    cell: (c) => {
      const id = c.getValue();
      return id === null ? "—" : (
        <Link href={`/posts/${id}`} className={link}>
          #{id}
        </Link>
      );
    },
  }),
  helper.accessor("campaign_id", {
    header: () => <H k="campaign_id" />,
    cell: (c) => {
      const id = c.getValue();
      return id === null ? "—" : (
        <Link href={`/campaigns/${id}`} className={link}>
          {id}
        </Link>
      );
    },
  }),
  helper.display({
    id: "detail",
    header: () => <H k="detail" />,
    cell: (c) => {
      const text = detailText(c.row.original.detail_json);
      return <span className="block max-w-80 break-words text-sm">{text === "" ? "—" : text}</span>;
    },
  }),
]);
