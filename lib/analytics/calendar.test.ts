import { describe, expect, it } from "vitest";
import { bucketByDay, calendarKind, dayOfInstant, monthWeeks, stepView, viewRange, weekDays, weekdayIndex } from "./calendar";

describe("weeks and months, Monday first", () => {
  it("knows a date's weekday", () => {
    expect(weekdayIndex("2026-11-23")).toBe(0); // a Monday
    expect(weekdayIndex("2026-11-29")).toBe(6); // a Sunday
  });

  it("lays a week from Monday to Sunday", () => {
    expect(weekDays("2026-11-26")).toEqual(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    // A Sunday belongs to the week that started six days before, not the next one.
    expect(weekDays("2026-11-29")[0]).toBe("2026-11-23");
  });

  it("lays a month as whole weeks", () => {
    // November 2026: the 1st is a Sunday, the 30th a Monday → six rows, 26 Oct … 6 Dec.
    const nov = monthWeeks("2026-11-15");
    expect(nov).toHaveLength(6);
    expect(nov[0]?.[0]).toBe("2026-10-26");
    expect(nov[0]?.[6]).toBe("2026-11-01");
    expect(nov[5]?.[0]).toBe("2026-11-30");
    expect(nov[5]?.[6]).toBe("2026-12-06");
    // February 2027 starts on a Monday and has 28 days: exactly four rows.
    const feb = monthWeeks("2027-02-10");
    expect(feb).toHaveLength(4);
    expect(feb[0]?.[0]).toBe("2027-02-01");
    expect(feb[3]?.[6]).toBe("2027-02-28");
    expect(viewRange("month", "2026-11-15")).toEqual({ from: "2026-10-26", to: "2026-12-06" });
    expect(viewRange("week", "2026-12-31")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
  });

  it("steps a view back and forth across years", () => {
    expect(stepView("month", "2026-12-20", 1)).toBe("2027-01-01");
    expect(stepView("month", "2026-01-31", -1)).toBe("2025-12-01");
    expect(stepView("week", "2026-11-26", 1)).toBe("2026-11-30");
    expect(stepView("week", "2026-11-26", -1)).toBe("2026-11-16");
  });
});

describe("bucketing by Moscow day", () => {
  it("counts days in Moscow, not UTC", () => {
    // 22:30 UTC on the 30th is 01:30 on the 1st in Moscow.
    expect(dayOfInstant("2026-11-30T22:30:00Z")).toBe("2026-12-01");
    expect(dayOfInstant("2026-11-30T20:59:59Z")).toBe("2026-11-30");
    expect(dayOfInstant("2026-12-01T00:10:00+03:00")).toBe("2026-12-01");
  });

  it("groups items by day, each day in time order, and puts month-edge posts in the right month", () => {
    const items = [
      { id: 1, at: "2026-11-30T22:30:00Z" },
      { id: 2, at: "2026-11-30T09:00:00+03:00" },
      { id: 3, at: "2026-11-30T20:00:00Z" },
      { id: 4, at: "2026-11-30T06:00:00Z" },
    ].map((i) => ({ ...i, day: dayOfInstant(i.at) }));
    const byDay = bucketByDay(items);
    // 3 is 23:00 Moscow on the 30th; 1 is 01:30 on the 1st of December.
    expect(byDay.get("2026-11-30")?.map((i) => i.id)).toEqual([2, 4, 3]);
    expect(byDay.get("2026-12-01")?.map((i) => i.id)).toEqual([1]);
    expect(byDay.has("2026-11-29")).toBe(false);
    // December's grid starts on Monday 30 November, so both days show in it; November's ends on 6 December.
    const dec = viewRange("month", "2026-12-01");
    expect(dec.from).toBe("2026-11-30");
    expect([...byDay.keys()].every((d) => d >= dec.from && d <= dec.to)).toBe(true);
  });
});

describe("calendarKind", () => {
  it("places statuses as planned, published, failed or other", () => {
    expect(["SCHEDULED", "WAITING_APPROVAL", "APPROVED", "GENERATING", "READY", "PUBLISHING"].map(calendarKind)).toEqual(Array(6).fill("planned"));
    expect(calendarKind("PUBLISHED")).toBe("published");
    expect(calendarKind("PARTIALLY_PUBLISHED")).toBe("published");
    expect(calendarKind("FAILED")).toBe("failed");
    expect(calendarKind("ARCHIVED_BY_ROBOT")).toBe("other");
  });
});
