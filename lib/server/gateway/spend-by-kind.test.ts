// What spent the hour, by kind: the lane says people or decisions; background work names itself.
import { beforeEach, describe, expect, it } from "vitest";
import { hourState } from "@/app/api/admin/health/health";
import { resetRecentForTests } from "./recent";
import { recordSpend, spendingAs, spentLastHourHere } from "./spend-by-kind";

beforeEach(() => resetRecentForTests());

describe("spend by kind", () => {
  it("counts people's reads, decisions, the collector's and the mirror's background work apart", async () => {
    recordSpend("interactive");
    recordSpend("write");
    recordSpend("confirm");
    // Across awaits, as the collector's item runs.
    await spendingAs("collector", async () => {
      await Promise.resolve();
      recordSpend("background");
    });
    recordSpend("background"); // any other background read: the mirror's refreshes
    expect(spentLastHourHere()).toEqual({ people: 1, decisions: 2, collector: 1, mirror: 1 });
  });

  it("keeps the last 60 minutes only", () => {
    const now = Date.now();
    recordSpend("interactive", now - 61 * 60_000);
    recordSpend("interactive", now - 30 * 60_000);
    expect(spentLastHourHere(now).people).toBe(1);
  });
});

describe("the hour's state on the health screen", () => {
  const limits = { reads: 60, writes: 30, hourly: 1000 };
  it("is amber under 20 % left and red once people's reads are refused (only the decisions' reserve left)", () => {
    expect(hourState(200, limits)).toBe("ok");
    expect(hourState(199, limits)).toBe("low");
    expect(hourState(81, limits)).toBe("low");
    expect(hourState(80, limits)).toBe("spent");
    expect(hourState(0, limits)).toBe("spent");
  });
});
