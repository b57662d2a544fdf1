import type { Schedule } from "@/lib/schemas";
import { openLabel, type Translate } from "./labels";

/**
 * A schedule in plain words. The weekday is the upstream's
 * `day_of_week_display` as given: its numbering of `day_of_week` is not
 * documented, so we never compute a weekday ourselves. A type we do not know
 * reads as its raw type and time; a known one missing its fields, as its label and time.
 */
export function describeSchedule(schedule: Schedule, t: Translate): string {
  const { schedule_type: type, time } = schedule;
  if (type === "DAILY") return t("schedule.daily", { time });
  if (type === "WEEKLY" && schedule.day_of_week_display) {
    return t("schedule.weekly", { day: schedule.day_of_week_display, time });
  }
  if (type === "EVERY_N_DAYS" && schedule.interval_days !== undefined) {
    return schedule.anchor_date
      ? t("schedule.everyNDays", { n: schedule.interval_days, date: schedule.anchor_date, time })
      : t("schedule.everyNDaysNoAnchor", { n: schedule.interval_days, time });
  }
  return t("schedule.unknown", { type: openLabel(t, "scheduleType", type), time });
}
