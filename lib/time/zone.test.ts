import { describe, expect, it } from "vitest";
import { isoInZone, isTimeZone, offsetMinutes, startOfDay } from "./zone";

describe("time zones", () => {
  it("knows IANA names and refuses anything else", () => {
    expect(isTimeZone("Asia/Novosibirsk")).toBe(true);
    expect(isTimeZone("Europe/Moscow")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("writes an instant as ISO 8601 with the zone's own offset", () => {
    expect(isoInZone("2026-11-27T12:05:09.500Z", "Asia/Novosibirsk")).toBe("2026-11-27T19:05:09+07:00");
    expect(isoInZone("2026-11-27T12:05:09Z", "Europe/Moscow")).toBe("2026-11-27T15:05:09+03:00");
    expect(isoInZone("2026-07-01T12:00:00Z", "America/New_York")).toBe("2026-07-01T08:00:00-04:00");
    expect(isoInZone("2026-01-01T12:00:00Z", "America/New_York")).toBe("2026-01-01T07:00:00-05:00");
    expect(isoInZone("2026-11-27T12:00:00Z", "UTC")).toBe("2026-11-27T12:00:00+00:00");
  });

  it("finds where a day starts in the zone, across a change of offset", () => {
    expect(startOfDay("2026-11-27", "Asia/Novosibirsk").toISOString()).toBe("2026-11-26T17:00:00.000Z");
    expect(startOfDay("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(offsetMinutes(new Date("2026-11-27T00:00:00Z"), "Asia/Kolkata")).toBe(330);
  });
});
