"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { labelOr } from "@/i18n/keys";
import { postDecisionsQuery } from "@/lib/queries/decisions";
import { DateTime } from "./date-time";
import type { PreviousDecision } from "@/lib/queries/posts";
import { APPROVAL_RESULTS, useEnumLabel } from "./labels";
import { PostStatusBadge } from "./status-badge";
import { isUnknownOrSettled, SettledNote } from "@/components/collab/settled-note";
import { WrongVersionNote } from "./wrong-version-note";

const ACTIONS = ["approve", "reject"] as const;

/** Who decided what on this post, when, on which version, and how it ended (from the dashboard's audit log). */
export function DecisionHistory({ id, canDecide = false }: { id: number; canDecide?: boolean }) {
  const t = useTranslations("review.decision.history");
  const tc = useTranslations("common");
  const resultLabel = useEnumLabel("decision.result", APPROVAL_RESULTS);
  const actionLabel = useEnumLabel("decision.action", ACTIONS);
  const items = useSuspenseQuery(postDecisionsQuery(id)).data.items;
  if (items.length === 0) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("empty")}</p>;
  return (
    <ol className="space-y-3">
      {items.map((item) => (
        <li key={item.id} className="border-l-2 border-zinc-300 pl-3 text-sm dark:border-zinc-700" data-decision-action={item.action}>
          <p className="font-medium">
            {actionLabel(item.action)}
            {" · "}
            <span className="font-normal text-zinc-700 dark:text-zinc-300">
              <DateTime value={item.at} />
            </span>
          </p>
          <p>
            {item.user_name}{" "}
            <span className="text-zinc-700 dark:text-zinc-300">
              ({labelOr(tc, "roles", item.role)})
            </span>
          </p>
          <p className="text-zinc-700 dark:text-zinc-300">
            {item.version_number !== null ? t("version", { n: item.version_number }) : t("versionUnknown")}
          </p>
          {item.reason && <p>{t("reason", { text: item.reason })}</p>}
          {item.note && <p>{t("note", { text: item.note })}</p>}
          {item.overridden_by && <OverriddenBy by={item.overridden_by} />}
          <SettledNote row={item} />
          <WrongVersionNote id={id} row={item} canDecide={canDecide} />
          {isUnknownOrSettled(item) && item.result === null ? null : item.result !== null && item.result !== "outcome_unknown" ? (
            <p className="flex flex-wrap items-center gap-1">
              {t("result", { result: resultLabel(item.result) })}
              {item.status_after && <PostStatusBadge status={item.status_after} />}
            </p>
          ) : item.result === "outcome_unknown" ? null : (
            <p className="font-medium text-red-800 dark:text-red-300">
              <span aria-hidden="true">⚠ </span>
              {t("error", { code: item.error_code ?? "—", status: item.http_status })}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A decision someone else turned the other way afterwards: its author learns it here. */
function OverriddenBy({ by }: { by: PreviousDecision }) {
  const t = useTranslations("review.decision");
  const format = useFormatter();
  return (
    <p data-overridden-by className="font-medium text-amber-900 dark:text-amber-200">
      <span aria-hidden="true">↺ </span>
      {t("history.overriddenBy", {
        by: by.by,
        email: by.email,
        action: t(`action.${by.action}`),
        at: format.dateTime(new Date(by.at), { dateStyle: "medium", timeStyle: "short" }),
      })}
    </p>
  );
}
