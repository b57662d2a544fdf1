import type { createFormatter } from "next-intl";
import type { Schedule } from "@/lib/schemas";
import { isoInZone } from "@/lib/time/zone";
import { openLabel, type Translate } from "./labels";
import { moscowInstant } from "./schedule-slots";

/** The service runs its schedules on Moscow's clock (UTC+03:00 all year, see schedule-slots.ts). */
const SERVICE_TIME_ZONE = "Europe/Moscow";

/** What describeSchedule needs of next-intl's formatter (useFormatter(), getFormatter(), createFormatter()). */
export type TimeFormatter = Pick<ReturnType<typeof createFormatter>, "dateTime">;

/**
 * Where and how a schedule's time is said: the reader's zone, the day it is read on, and their
 * language's formatter, so the time reads as the interface's other times do ("8:30 AM", "08:30").
 */
export type ScheduleClock = { timeZone: string; day: string; format: TimeFormatter };

/**
 * A schedule's `HH:MM` (the service's Moscow wall time, as the calendar places its slots) as the
 * reader's wall time on `day`, the instant it stands for, and whether it falls on that same day there;
 * null for a time we cannot read.
 */
export function scheduleTimeIn(time: string, timeZone: string, day: string): { time: string; at: Date; sameDay: boolean } | null {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const at = new Date(moscowInstant(day, time));
  const local = isoInZone(at, timeZone);
  return { time: local.slice(11, 16), at, sameDay: local.slice(0, 10) === day };
}

/**
 * A schedule in plain words. The weekday is the upstream's
 * `day_of_week_display`: its numbering of `day_of_week` is not documented, so
 * we never compute a weekday from it; a display that is a Russian weekday's
 * name is said in the reader's language (see weekdayFor). A type we do not know
 * reads as its raw type and time; a known one missing its fields, as its label and time.
 * With `clock` the time is the reader's (their zone on `day`, as on the calendar), in their
 * language's short time; where that moves a weekly or every-N-days schedule to another day,
 * whose name we never compute, the time stays the service's, said as Moscow's. Without it (or
 * for a time we cannot read) the upstream's `HH:MM` shows as given.
 */
export function describeSchedule(schedule: Schedule, t: Translate, clock?: ScheduleClock): string {
  const { schedule_type: type } = schedule;
  const time = clock ? timeFor(schedule, t, clock) : schedule.time;
  if (type === "DAILY") return t("schedule.daily", { time });
  if (type === "WEEKLY" && schedule.day_of_week_display) {
    return t("schedule.weekly", { day: clock ? weekdayFor(schedule.day_of_week_display, clock.format) : schedule.day_of_week_display, time });
  }
  if (type === "EVERY_N_DAYS" && schedule.interval_days !== undefined) {
    return schedule.anchor_date
      ? t("schedule.everyNDays", { n: schedule.interval_days, date: schedule.anchor_date, time })
      : t("schedule.everyNDaysNoAnchor", { n: schedule.interval_days, time });
  }
  return t("schedule.unknown", { type: openLabel(t, "scheduleType", type), time });
}

/** The schedule's time as describeSchedule says it with a clock (see there). */
function timeFor(schedule: Schedule, t: Translate, clock: ScheduleClock): string {
  const shown = scheduleTimeIn(schedule.time, clock.timeZone, clock.day);
  if (!shown) return schedule.time;
  // timeStyle "short", as the dashboard's other times: 12-hour in English, 24-hour in Russian.
  const short = (timeZone: string) => clock.format.dateTime(shown.at, { timeStyle: "short", timeZone });
  return shown.sameDay || schedule.schedule_type === "DAILY" ? short(clock.timeZone) : t("schedule.moscowTime", { time: short(SERVICE_TIME_ZONE) });
}

/** The upstream's weekday names (its `day_of_week_display`, in Russian), Monday first. */
const RUSSIAN_WEEKDAYS = ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"];
/** 2024-01-01 was a Monday: the day `i` days later is weekday `i` of RUSSIAN_WEEKDAYS. */
const MONDAY = Date.UTC(2024, 0, 1);

/**
 * The upstream's weekday name in the reader's language: a Russian weekday's name becomes the
 * formatter's own ("Saturday" in English); in Russian, and for anything else, it stays as given.
 */
export function weekdayFor(display: string, format: TimeFormatter): string {
  const index = RUSSIAN_WEEKDAYS.indexOf(display.trim().toLowerCase());
  if (index < 0) return display;
  const own = format.dateTime(new Date(MONDAY + index * 86_400_000), { weekday: "long", timeZone: "UTC" });
  return own.toLowerCase() === RUSSIAN_WEEKDAYS[index] ? display : own;
}
