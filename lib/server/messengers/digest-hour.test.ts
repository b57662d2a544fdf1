import { describe, expect, it } from "vitest";
import { digestDay } from "./digest-hour";

// The daily digest leaves at 09:00 of the person's own day: 02:00 UTC in Novosibirsk, 06:00 UTC in Moscow.
describe("digestDay", () => {
  it("is due from 09:00 in the person's zone, not Moscow's", () => {
    const at = Date.parse("2026-11-27T02:30:00Z"); // 09:30 in Novosibirsk, 05:30 in Moscow
    expect(digestDay(at, "Asia/Novosibirsk")).toBe("2026-11-27");
    expect(digestDay(at, "Europe/Moscow")).toBeNull();
    expect(digestDay(Date.parse("2026-11-27T06:00:00Z"), "Europe/Moscow")).toBe("2026-11-27");
  });

  it("names the person's day, which may not be UTC's", () => {
    // 23:30 UTC on the 26th is 06:30 on the 27th in Novosibirsk: before the hour, so nothing yet.
    expect(digestDay(Date.parse("2026-11-26T23:30:00Z"), "Asia/Novosibirsk")).toBeNull();
    // 21:30 UTC on the 26th is 09:30 on the 27th in Kamchatka (UTC+12): the 27th's digest.
    expect(digestDay(Date.parse("2026-11-26T21:30:00Z"), "Asia/Kamchatka")).toBe("2026-11-27");
  });
});
