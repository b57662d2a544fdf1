import type { useTranslations } from "next-intl";
import type { NotificationItem } from "@/lib/schemas/notify";

type T = ReturnType<typeof useTranslations<"notify">>;

const HOME_TIME_ZONE = "Europe/Moscow";

/** A time as every date on the dashboard is shown: Moscow, day and time. */
export function shownTime(iso: string | undefined, locale: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return "—";
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "ru-RU", { timeZone: HOME_TIME_ZONE, day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

/** The item's sentence, the same keys the e-mail digest uses (lib/server/notify/mail.ts). */
export function describeItem(t: T, item: NotificationItem, locale: string): string {
  const actor = item.actor_name ?? "—";
  switch (item.kind) {
    case "deadline":
      return t("item.deadline", { task: item.task_id, time: shownTime(item.detail.planned_at, locale) });
    case "mention":
      return t("item.mention", { actor, task: item.task_id });
    case "changes_requested":
      return t("item.changes_requested", { actor, task: item.task_id });
    case "share_decision":
      return t("item.share_decision", { actor, task: item.task_id, action: item.detail.action === "approve" ? "approve" : "reject" });
    default:
      return t("item.other", { task: item.task_id });
  }
}
