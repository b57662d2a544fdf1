import type { Schedule } from "@/lib/schemas";
import { isoInZone } from "@/lib/time/zone";
import { openLabel, type Translate } from "./labels";
import { moscowInstant } from "./schedule-slots";

/**
 * A schedule's `HH:MM` (the service's Moscow wall time, as the calendar places its slots) as the
 * reader's wall time on `day`, and whether it falls on that same day there; null for a time we cannot read.
 */
export function scheduleTimeIn(time: string, timeZone: string, day: string): { time: string; sameDay: boolean } | null {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const local = isoInZone(moscowInstant(day, time), timeZone);
  return { time: local.slice(11, 16), sameDay: local.slice(0, 10) === day };
}

/**
 * A schedule in plain words. The weekday is the upstream's
 * `day_of_week_display` as given: its numbering of `day_of_week` is not
 * documented, so we never compute a weekday ourselves. A type we do not know
 * reads as its raw type and time; a known one missing its fields, as its label and time.
 * With `zone` the time is the reader's (their zone on `day`, as on the calendar); where that moves
 * a weekly or every-N-days schedule to another day, whose name we never compute, the time stays
 * the service's, said as Moscow's.
 */
export function describeSchedule(schedule: Schedule, t: Translate, zone?: { timeZone: string; day: string }): string {
  const { schedule_type: type } = schedule;
  const shown = zone ? scheduleTimeIn(schedule.time, zone.timeZone, zone.day) : null;
  const time = !shown ? schedule.time : shown.sameDay || type === "DAILY" ? shown.time : t("schedule.moscowTime", { time: schedule.time });
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
