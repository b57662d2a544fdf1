"use client";

import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { useTranslations, useFormatter } from "next-intl";
import { isMessageKey, labelOr, type KeyOf, type TranslatorFor } from "@/i18n/keys";
import type { AuditPage } from "@/lib/queries/audit";
import { isUnknownOrSettled, SettledNote } from "@/components/collab/settled-note";
import { approvedWrongVersion } from "@/components/post/wrong-version-note";
import { CampaignCell, PersonCell, PostCell } from "../cells/named";

export const activityFeatures = tableFeatures({});
export type ActivityRow = AuditPage["items"][number];
const helper = createColumnHelper<typeof activityFeatures, ActivityRow>();

function H({ k }: { k: KeyOf<TranslatorFor<"review.activity.columns">> }) {
  const t = useTranslations("review.activity.columns");
  return <>{t(k)}</>;
}

function Time({ at }: { at: string }) {
  const format = useFormatter();
  return <time dateTime={at}>{format.dateTime(new Date(at), { dateStyle: "short", timeStyle: "medium" })}</time>;
}

function Label({ ns, value }: { ns: "action" | "source"; value: string }) {
  const t = useTranslations("review.activity");
  return <>{labelOr(t, ns, value)}</>;
}

/** A reject's category, labelled when it is one of the known codes (review.rejectCategory), else as configured. */
function Category({ code }: { code: string | null }) {
  const t = useTranslations("review");
  return <>{code === null ? "—" : labelOr(t, "rejectCategory", code)}</>;
}

/** The version decided on; a refused pinned decision also names the one the person had seen. */
function Version({ row }: { row: ActivityRow }) {
  const t = useTranslations("review.activity");
  if (row.version_number === null) return <>{row.version_seen ?? "—"}</>;
  return (
    <>
      {row.version_number}
      {row.version_seen !== null && row.version_seen !== row.version_number && (
        <span className="block text-xs text-zinc-700 dark:text-zinc-300">{t("versionSeen", { n: row.version_seen })}</span>
      )}
    </>
  );
}

/** The upstream's result and the post's new status, labelled when known (review.decision.result, review.status), else as they came. */
function Outcome({ row }: { row: ActivityRow }) {
  const t = useTranslations("review");
  // An unknown outcome, or one settled later, is said in words with both times (components/collab/settled-note.tsx).
  if (isUnknownOrSettled(row) && (row.result === null || row.result === "outcome_unknown")) return <SettledNote row={row} />;
  if (row.error_code) {
    return (
      <span className="text-red-800 dark:text-red-300">
        {t("activity.error", { code: row.error_code, status: row.http_status })}
      </span>
    );
  }
  const label = (key: string, raw: string) => (isMessageKey(t, key) ? t(key) : raw);
  return (
    <span>
      {row.result ? label(`decision.result.${row.result}`, row.result) : "—"}
      {row.status_after && <span className="block text-xs text-zinc-700 dark:text-zinc-300">{label(`status.${row.status_after}`, row.status_after)}</span>}
      {row.settled_at && <SettledNote row={row} />}
      {approvedWrongVersion(row) && (
        <span data-wrong-version className="block font-medium text-red-800 dark:text-red-300">
          <span aria-hidden="true">⚠ </span>
          {t("decision.wrongVersion.short", { signed: row.version_number ?? "—", approved: row.approved_version ?? "—" })}
        </span>
      )}
    </span>
  );
}

// Nine columns that fit 1280 px: the role sits under the name, the category under the action.
export const activityColumns = helper.columns([
  helper.accessor("at", { header: () => <H k="time" />, cell: (c) => <Time at={c.getValue()} />, meta: { card: "title" } }),
  helper.accessor("user_name", {
    header: () => <H k="person" />,
    cell: (c) => <PersonCell name={c.getValue()} email={c.row.original.user_email} role={c.row.original.role} />,
  }),
  helper.accessor("action", {
    header: () => <H k="action" />,
    cell: (c) => (
      <span className="block">
        <span className="block first-letter:uppercase">
          <Label ns="action" value={c.getValue()} />
        </span>
        {c.row.original.reason_category !== null && (
          <span className="block text-xs text-zinc-700 dark:text-zinc-300">
            <Category code={c.row.original.reason_category} />
          </span>
        )}
      </span>
    ),
    meta: { card: "badge" },
  }),
  helper.accessor("task_id", { header: () => <H k="post" />, cell: (c) => <PostCell id={c.getValue()} title={c.row.original.post_title} /> }),
  helper.accessor("campaign_id", { header: () => <H k="campaign" />, cell: (c) => <CampaignCell id={c.getValue()} name={c.row.original.campaign_name} /> }),
  helper.accessor("version_number", { header: () => <H k="version" />, cell: (c) => <Version row={c.row.original} /> }),
  helper.display({
    id: "why",
    header: () => <H k="why" />,
    cell: (c) => <span className="block min-w-28 max-w-56 break-words">{c.row.original.reason ?? c.row.original.note ?? "—"}</span>,
  }),
  helper.display({ id: "outcome", header: () => <H k="outcome" />, cell: (c) => <Outcome row={c.row.original} /> }),
  helper.accessor("source", {
    header: () => <H k="source" />,
    cell: (c) => <Source row={c.row.original} />,
  }),
]);

/** How the decision was made, in words; a visitor's names the link it came through (revoked or not, it stays in the record). */
function Source({ row }: { row: ActivityRow }) {
  const t = useTranslations("review.activity");
  return (
    <span className="block min-w-24">
      <span className="block first-letter:uppercase">
        <Label ns="source" value={row.source} />
      </span>
      {row.share_link_id && (
        <span title={row.share_link_id} className="block text-xs text-zinc-700 dark:text-zinc-300">
          {t("viaLink", { id: row.share_link_id.slice(0, 8) })}
        </span>
      )}
    </span>
  );
}
