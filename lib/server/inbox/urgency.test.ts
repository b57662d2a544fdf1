import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { urgencyOf } from "./urgency";

// "Today" is the team's day: a post at 21:30 Moscow time is today in Moscow, tomorrow (01:30) in Novosibirsk.
const now = Date.parse("2026-11-27T12:00:00Z");
const planned = Date.parse("2026-11-27T18:30:00Z");
const twoHours = 2 * 3_600_000;

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("urgencyOf", () => {
  it("counts today in the zone it is given", () => {
    expect(urgencyOf(planned, now, twoHours, "Europe/Moscow")).toBe("today");
    expect(urgencyOf(planned, now, twoHours, "Asia/Novosibirsk")).toBe("later");
  });

  it("uses the team's zone (TEAM_TIME_ZONE) when given none", () => {
    vi.stubEnv("UPSTREAM_API_KEY", "k");
    vi.stubEnv("NEXTAUTH_SECRET", "a-secret-of-sixteen-chars");
    vi.stubEnv("TEAM_TIME_ZONE", "Asia/Novosibirsk");
    resetEnvForTests();
    expect(urgencyOf(planned, now, twoHours)).toBe("later");
    vi.stubEnv("TEAM_TIME_ZONE", "Europe/Moscow");
    resetEnvForTests();
    expect(urgencyOf(planned, now, twoHours)).toBe("today");
  });
});
