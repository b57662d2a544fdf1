import { createFormatter } from "next-intl";
import { describe, expect, it } from "vitest";
import type { Schedule } from "@/lib/schemas";
import { openLabel } from "./labels";
import { describeSchedule, type ScheduleClock } from "./schedule";
import { analyticsTranslator } from "@/test/support/analytics-translator";

const ru = analyticsTranslator("ru");
const en = analyticsTranslator("en");

/** A reader's clock as the pages build it: their zone, today there, next-intl's formatter in their language. */
const clock = (locale: "ru" | "en", timeZone: string, day = "2026-11-27"): ScheduleClock => ({ timeZone, day, format: createFormatter({ locale, timeZone }) });
// ICU puts a narrow no-break space before AM/PM in some versions and a plain one in others.
const spaced = (text: string) => text.replace(/\s/g, " ");

const daily: Schedule = { id: 1, schedule_type: "DAILY", time: "10:00" };
// day_of_week 4 would be Friday with Monday = 0 and Thursday with Sunday = 0: the text must come from the display field.
const weekly: Schedule = { id: 2, schedule_type: "WEEKLY", time: "10:00", day_of_week: 4, day_of_week_display: "пятница" };
const everyN: Schedule = { id: 3, schedule_type: "EVERY_N_DAYS", time: "09:30", interval_days: 3, anchor_date: "2026-11-01" };
const unknown: Schedule = { id: 4, schedule_type: "MONTHLY_LAST_FRIDAY", time: "18:45" };

describe("describeSchedule", () => {
  it("reads DAILY in both languages", () => {
    expect(describeSchedule(daily, ru)).toBe("каждый день в 10:00");
    expect(describeSchedule(daily, en)).toBe("every day at 10:00");
  });

  it("reads WEEKLY with the upstream's day_of_week_display as given", () => {
    expect(describeSchedule(weekly, ru)).toBe("еженедельно, пятница, 10:00");
    expect(describeSchedule({ ...weekly, day_of_week_display: "Friday" }, en)).toBe("weekly, Friday, 10:00");
    // A different display with the same number: the display wins, nothing is computed.
    expect(describeSchedule({ ...weekly, day_of_week_display: "Вторник" }, ru)).toBe("еженедельно, Вторник, 10:00");
  });

  it("reads EVERY_N_DAYS with interval, anchor date and time", () => {
    expect(describeSchedule(everyN, ru)).toBe("каждые 3 дня с 2026-11-01 в 09:30");
    expect(describeSchedule(everyN, en)).toBe("every 3 days from 2026-11-01 at 09:30");
    expect(describeSchedule({ ...everyN, interval_days: 5 }, ru)).toBe("каждые 5 дней с 2026-11-01 в 09:30");
    expect(describeSchedule({ ...everyN, interval_days: 1 }, en)).toBe("every day from 2026-11-01 at 09:30");
  });

  it("shows an unknown type raw with its time", () => {
    expect(describeSchedule(unknown, ru)).toBe("MONTHLY_LAST_FRIDAY, 18:45");
    expect(describeSchedule(unknown, en)).toBe("MONTHLY_LAST_FRIDAY, 18:45");
  });

  it("says the time in the reader's zone, as the calendar places the slots (the service runs on Moscow's clock)", () => {
    const novosibirsk = clock("ru", "Asia/Novosibirsk");
    expect(describeSchedule(daily, ru, novosibirsk)).toBe("каждый день в 14:00");
    expect(describeSchedule(weekly, ru, novosibirsk)).toBe("еженедельно, пятница, 14:00");
    expect(describeSchedule(everyN, ru, clock("ru", "Europe/Moscow"))).toBe("каждые 3 дня с 2026-11-01 в 09:30");
    // 22:00 in Moscow is 02:00 the next day in Novosibirsk: a daily schedule moves with it, a weekly one
    // would need another weekday's name, which is never computed: its time stays Moscow's, said so.
    expect(describeSchedule({ ...daily, time: "22:00" }, ru, novosibirsk)).toBe("каждый день в 02:00");
    expect(describeSchedule({ ...weekly, time: "22:00" }, ru, novosibirsk)).toBe("еженедельно, пятница, 22:00 по Москве");
    expect(describeSchedule({ ...everyN, time: "00:05" }, ru, clock("ru", "UTC"))).toBe("каждые 3 дня с 2026-11-01 в 00:05 по Москве");
    expect(describeSchedule({ ...unknown, time: "7:5" }, ru, novosibirsk)).toBe("MONTHLY_LAST_FRIDAY, 7:5");
  });

  it("says English times in 12-hour form, as the dashboard's other English times, in the reader's zone", () => {
    const novosibirsk = clock("en", "Asia/Novosibirsk");
    const moscow = clock("en", "Europe/Moscow");
    expect(spaced(describeSchedule(daily, en, novosibirsk))).toBe("every day at 2:00 PM");
    expect(spaced(describeSchedule({ ...daily, time: "08:30" }, en, moscow))).toBe("every day at 8:30 AM");
    expect(spaced(describeSchedule({ ...daily, time: "00:00" }, en, moscow))).toBe("every day at 12:00 AM");
    expect(spaced(describeSchedule({ ...weekly, day_of_week_display: "Friday" }, en, novosibirsk))).toBe("weekly, Friday, 2:00 PM");
    expect(spaced(describeSchedule(everyN, en, moscow))).toBe("every 3 days from 2026-11-01 at 9:30 AM");
    expect(spaced(describeSchedule({ ...everyN, anchor_date: undefined }, en, moscow))).toBe("every 3 days at 9:30 AM");
    expect(spaced(describeSchedule(unknown, en, moscow))).toBe("MONTHLY_LAST_FRIDAY, 6:45 PM");
    expect(spaced(describeSchedule({ ...daily, time: "22:00" }, en, novosibirsk))).toBe("every day at 2:00 AM");
    // Moved to another day in the reader's zone: still the service's time, said as Moscow's, in 12-hour form.
    expect(spaced(describeSchedule({ ...weekly, time: "22:00" }, en, novosibirsk))).toBe("weekly, Friday, 10:00 PM Moscow time");
    expect(describeSchedule({ ...unknown, time: "7:5" }, en, novosibirsk)).toBe("MONTHLY_LAST_FRIDAY, 7:5");
  });

  it("says the upstream's Russian weekday in the reader's language; Russian and unknown names stay as given", () => {
    const moscow = clock("en", "Europe/Moscow");
    expect(spaced(describeSchedule(weekly, en, moscow))).toBe("weekly, Friday, 10:00 AM");
    expect(spaced(describeSchedule({ ...weekly, day_of_week_display: "Суббота" }, en, moscow))).toBe("weekly, Saturday, 10:00 AM");
    expect(spaced(describeSchedule({ ...weekly, day_of_week_display: " воскресенье " }, en, moscow))).toBe("weekly, Sunday, 10:00 AM");
    expect(spaced(describeSchedule({ ...weekly, day_of_week_display: "Пт" }, en, moscow))).toBe("weekly, Пт, 10:00 AM");
    expect(describeSchedule({ ...weekly, day_of_week_display: "Суббота" }, ru, clock("ru", "Europe/Moscow"))).toBe("еженедельно, Суббота, 10:00");
    // Without a clock (no formatter) the name shows as given.
    expect(describeSchedule(weekly, en)).toBe("weekly, пятница, 10:00");
  });

  it("falls back to the type's label and time when a known type lacks its fields", () => {
    expect(describeSchedule({ id: 5, schedule_type: "WEEKLY", time: "07:00" }, en)).toBe("Weekly, 07:00");
    expect(describeSchedule({ id: 5, schedule_type: "EVERY_N_DAYS", time: "07:00" }, ru)).toBe("Раз в несколько дней, 07:00");
  });
});

describe("openLabel", () => {
  it("translates known values and shows unknown ones as they come", () => {
    expect(openLabel(ru, "campaignStatus", "ACTIVE")).toBe("Активна");
    expect(openLabel(en, "campaignStatus", "ARCHIVED")).toBe("ARCHIVED");
    expect(openLabel(en, "tier", "platinum.v2")).toBe("platinum.v2");
    expect(openLabel(en, "platform", "DISCORD")).toBe("DISCORD");
  });
});
