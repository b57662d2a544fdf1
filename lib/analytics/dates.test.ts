import { describe, expect, it } from "vitest";
import { calendarDay, daysBetween, endingSoon, shiftDay } from "./dates";

describe("dates", () => {
  it("counts calendar days in Moscow time", () => {
    // 22:30 UTC is already the next day in Moscow (UTC+3).
    expect(calendarDay(new Date("2026-03-10T22:30:00Z"))).toBe("2026-03-11");
    expect(daysBetween("2026-03-10", "2026-03-24")).toBe(14);
    expect(shiftDay("2026-03-01", -7)).toBe("2026-02-22");
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
