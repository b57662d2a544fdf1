import { describe, expect, it } from "vitest";
import { calendarDay, daysBetween, endingSoon, shiftDay } from "./dates";

describe("dates", () => {
  it("counts calendar days in Moscow time", () => {
    // 22:30 UTC is already the next day in Moscow (UTC+3).
    expect(calendarDay(new Date("2026-03-10T22:30:00Z"))).toBe("2026-03-11");
    expect(daysBetween("2026-03-10", "2026-03-24")).toBe(14);
    expect(shiftDay("2026-03-01", -7)).toBe("2026-02-22");
  });

  it("gives the same Moscow days by arithmetic as Intl, around midnight and before 2014's change", () => {
    const intl = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow", year: "numeric", month: "2-digit", day: "2-digit" });
    const instants: number[] = [];
    // Every 37 minutes across two years (each side of midnight many times), and the days around
    // the 2014 switch to year-round UTC+3, when Moscow was still UTC+4 in summer.
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 37 * 60_000) instants.push(t);
    for (let t = Date.UTC(2014, 5, 1); t < Date.UTC(2014, 11, 1); t += 29 * 60_000) instants.push(t);
    for (const t of instants) expect(calendarDay(new Date(t)), new Date(t).toISOString()).toBe(intl.format(t));
    // Another zone still goes through Intl.
    expect(calendarDay(new Date("2026-03-10T22:30:00Z"), "UTC")).toBe("2026-03-10");
    expect(() => calendarDay(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("lists campaigns ending within 14 days, soonest first", () => {
    const list = [
      { id: 1, end_date: "2026-03-30" },
      { id: 2, end_date: "2026-03-12" },
      { id: 3, end_date: null },
      { id: 4, end_date: "2026-03-09" },
      { id: 5, end_date: "2026-03-24" },
    ];
    expect(endingSoon(list, "2026-03-10").map((c) => [c.id, c.daysLeft])).toEqual([
      [2, 2],
      [5, 14],
    ]);
  });
});
