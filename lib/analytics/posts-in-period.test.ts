import { describe, expect, it } from "vitest";
import { startOfDay } from "@/lib/time/zone";
import { isPostOfPeriod, postsOfPeriod } from "./posts-in-period";

const post = (status: string, published_at: string | null) => ({ status, published_at });
// The period as the engagement page asks for it: from midnight of its first day in the reader's zone.
const fromIso = startOfDay("2026-11-01", "Europe/Moscow").toISOString(); // 2026-10-31T21:00:00.000Z

describe("posts in the period", () => {
  it("counts published and partially published posts from the first day's midnight in the reader's zone", () => {
    expect(fromIso).toBe("2026-10-31T21:00:00.000Z");
    expect(isPostOfPeriod(post("PUBLISHED", "2026-10-31T21:00:00Z"), fromIso)).toBe(true);
    // 23:59:59 on 31 October in Moscow is before the period, though it is 1 November in UTC+4 already.
    expect(isPostOfPeriod(post("PUBLISHED", "2026-10-31T20:59:59Z"), fromIso)).toBe(false);
    expect(isPostOfPeriod(post("PARTIALLY_PUBLISHED", "2026-11-05T10:00:00+03:00"), fromIso)).toBe(true);
  });

  it("leaves out posts that are not out: planned, waiting, failed, or without a publication time", () => {
    for (const status of ["SCHEDULED", "WAITING_APPROVAL", "FAILED", "CANCELED", "APPROVED"]) {
      expect(isPostOfPeriod(post(status, "2026-11-05T10:00:00Z"), fromIso), status).toBe(false);
    }
    expect(isPostOfPeriod(post("PUBLISHED", null), fromIso)).toBe(false);
    expect(isPostOfPeriod(post("PUBLISHED", "not a date"), fromIso)).toBe(false);
  });

  it("ends before the end instant when there is one, and compares instants, not text", () => {
    const endIso = startOfDay("2026-11-08", "Europe/Moscow").toISOString();
    expect(isPostOfPeriod(post("PUBLISHED", "2026-11-07T23:59:59+03:00"), fromIso, endIso)).toBe(true);
    expect(isPostOfPeriod(post("PUBLISHED", "2026-11-08T00:00:00+03:00"), fromIso, endIso)).toBe(false);
    // The same instant written with another offset is the same post of the period.
    expect(isPostOfPeriod(post("PUBLISHED", "2026-11-01T00:30:00+03:00"), fromIso, endIso)).toBe(true);
  });

  it("keeps the list's order", () => {
    const list = [post("PUBLISHED", "2026-11-03T00:00:00Z"), post("SCHEDULED", "2026-11-02T00:00:00Z"), post("PUBLISHED", "2026-10-01T00:00:00Z"), post("PARTIALLY_PUBLISHED", "2026-11-01T00:00:00Z")];
    expect(postsOfPeriod(list, fromIso)).toEqual([list[0], list[3]]);
  });
});
