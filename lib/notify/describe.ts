import type { TranslatorFor } from "@/i18n/keys";
import { dateTimeFormat } from "@/lib/analytics/dates";
import type { NotificationDetail } from "@/lib/schemas/notify";

/** What a notification's sentence is made of: an in-app item and a digest line alike. */
export type Describable = { kind: string; task_id: number; actor_name: string | null; detail: NotificationDetail };

/**
 * A time as every date on the dashboard is shown: the reader's zone, day and time (the bell formats one per item: built once).
 * `named`: with the zone's offset ("01:30 GMT+7"), for what leaves the screen (an e-mail, the team's chat), as the bot's cards.
 */
export function shownTime(iso: string | undefined, locale: string, timeZone: string, named = false): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return "—";
  const options: Intl.DateTimeFormatOptions = { timeZone, day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", ...(named ? { timeZoneName: "short" } : {}) };
  return dateTimeFormat(locale === "en" ? "en-GB" : "ru-RU", options).format(new Date(iso));
}

/** One notification's sentence, for the bell (useTranslations) and the e-mail digest (messagesTranslator) alike; times in `timeZone`, its offset `named` outside the screen. */
export function describeItem(t: TranslatorFor<"notify">, item: Describable, locale: string, timeZone: string, named = false): string {
  const actor = item.actor_name ?? "—";
  switch (item.kind) {
    case "deadline":
      return t("item.deadline", { task: item.task_id, time: shownTime(item.detail.planned_at, locale, timeZone, named) });
    case "mention":
      return t("item.mention", { actor, task: item.task_id });
    case "changes_requested":
      return t("item.changes_requested", { actor, task: item.task_id });
    case "share_decision":
      return t("item.share_decision", { actor, task: item.task_id, action: item.detail.action === "approve" ? "approve" : "reject" });
    case "decision_settled":
      return t("item.decision_settled", {
        task: item.task_id,
        action: item.detail.action === "approve" ? "approve" : "reject",
        outcome: item.detail.outcome === "done" ? "done" : "not_applied",
        decided: shownTime(item.detail.decided_at, locale, timeZone, named),
        settled: shownTime(item.detail.settled_at, locale, timeZone, named),
      });
    case "wrong_version":
      return t("item.wrong_version", { actor, task: item.task_id, signed: item.detail.signed_version ?? "—", approved: item.detail.approved_version ?? "—" });
    default:
      return t("item.other", { task: item.task_id });
  }
}
