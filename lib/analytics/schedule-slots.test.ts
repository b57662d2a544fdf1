import { describe, expect, it } from "vitest";
import type { Schedule } from "@/lib/schemas";
import { isPlaceable, markFilled, moscowInstant, scheduleSlots, weekdayFromName } from "./schedule-slots";

const days = (s: Schedule, from: string, to: string) => scheduleSlots(s, from, to).map((x) => x.day);

describe("scheduleSlots", () => {
  it("puts a DAILY slot on every day at its Moscow time", () => {
    const slots = scheduleSlots({ id: 1, schedule_type: "DAILY", time: "10:00" }, "2026-11-29", "2026-12-01");
    expect(slots).toEqual([
      { day: "2026-11-29", time: "10:00", at: "2026-11-29T07:00:00.000Z" },
      { day: "2026-11-30", time: "10:00", at: "2026-11-30T07:00:00.000Z" },
      { day: "2026-12-01", time: "10:00", at: "2026-12-01T07:00:00.000Z" },
    ]);
    // After midnight in Moscow is still the evening before in UTC; the slot stays on its Moscow day.
    expect(moscowInstant("2026-12-01", "01:30")).toBe("2026-11-30T22:30:00.000Z");
  });

  it("places a WEEKLY slot by its displayed weekday, whatever day_of_week says", () => {
    // day_of_week 4 is Friday counting from Monday = 0 and Thursday from Sunday = 0: the name decides.
    const friday: Schedule = { id: 2, schedule_type: "WEEKLY", time: "18:00", day_of_week: 4, day_of_week_display: "Пятница" };
    expect(days(friday, "2026-11-23", "2026-12-06")).toEqual(["2026-11-27", "2026-12-04"]);
    const monday: Schedule = { id: 3, schedule_type: "WEEKLY", time: "09:00", day_of_week: 0, day_of_week_display: "Monday" };
    expect(days(monday, "2026-11-23", "2026-12-06")).toEqual(["2026-11-23", "2026-11-30"]);
  });

  it("leaves a weekday it cannot read unplaced instead of guessing from day_of_week", () => {
    const odd: Schedule = { id: 4, schedule_type: "WEEKLY", time: "09:00", day_of_week: 2, day_of_week_display: "день 3" };
    expect(isPlaceable(odd)).toBe(false);
    expect(scheduleSlots(odd, "2026-11-23", "2026-12-06")).toEqual([]);
    expect(isPlaceable({ id: 5, schedule_type: "MONTHLY_LAST_FRIDAY", time: "18:45" })).toBe(false);
  });

  it("repeats EVERY_N_DAYS from its anchor date on, across a month's end", () => {
    const every3: Schedule = { id: 6, schedule_type: "EVERY_N_DAYS", time: "09:30", interval_days: 3, anchor_date: "2026-11-25" };
    // Nothing before the anchor; then the 25th, 28th, 1st (Nov has 30 days), 4th.
    expect(days(every3, "2026-11-20", "2026-12-05")).toEqual(["2026-11-25", "2026-11-28", "2026-12-01", "2026-12-04"]);
    expect(isPlaceable({ id: 7, schedule_type: "EVERY_N_DAYS", time: "09:30", interval_days: 3 })).toBe(false);
    expect(isPlaceable({ id: 8, schedule_type: "EVERY_N_DAYS", time: "09:30", interval_days: 0, anchor_date: "2026-11-25" })).toBe(false);
  });

  it("reads weekday names in Russian and English, long and short", () => {
    expect(weekdayFromName("понедельник")).toBe(0);
    expect(weekdayFromName("Воскресенье")).toBe(6);
    expect(weekdayFromName("вт")).toBe(1);
    expect(weekdayFromName("Sat")).toBe(5);
    expect(weekdayFromName(" Thursday ")).toBe(3);
    expect(weekdayFromName(undefined)).toBeUndefined();
  });
});

describe("markFilled", () => {
  const slots = ["06:45", "09:00", "10:00"].map((time) => ({ time, at: moscowInstant("2026-11-24", time) }));
  const at = (time: string) => ({ at: `2026-11-24T${time}:00+03:00` });

  it("fills a slot with the post planned on it, or published shortly after it", () => {
    // 06:46 is a published post a minute late; 10:00 a planned one exactly on time; 09:00 stays free.
    expect(markFilled(slots, [at("06:46"), at("10:00")]).map((s) => [s.time, s.filled])).toEqual([
      ["06:45", true],
      ["09:00", false],
      ["10:00", true],
    ]);
  });

  it("fills one slot per post, and none from a post an hour or more after every slot", () => {
    // Two posts after 06:45: the second takes nothing earlier than an hour back, so 06:45 is taken once.
    expect(markFilled(slots, [at("06:50"), at("06:55")]).filter((s) => s.filled).map((s) => s.time)).toEqual(["06:45"]);
    expect(markFilled(slots, [at("11:00"), at("06:30")]).some((s) => s.filled)).toBe(false);
  });
});
