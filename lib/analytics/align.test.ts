import { describe, expect, it } from "vitest";
import { alignPoints, alignUnit, inUnit, publicationMs } from "./align";
import { historyPoints } from "./engagement";

// Two posts published two days apart (Moscow times with their offset, as the upstream writes them).
const A_PUBLISHED = "2026-11-10T12:00:00+03:00"; // 09:00Z
const B_PUBLISHED = "2026-11-12T18:30:00+03:00"; // 15:30Z

describe("publicationMs", () => {
  it("takes the first channel's actual publication from the records, not the post's field", () => {
    const post = {
      status: "PUBLISHED",
      published_at: "2026-11-10T11:55:00+03:00",
      publish_records: [
        { status: "PUBLISHED", published_at: "2026-11-10T12:00:40+03:00" },
        { status: "PUBLISHED", published_at: A_PUBLISHED },
        { status: "FAILED", published_at: null },
      ],
    };
    expect(publicationMs(post)).toBe(Date.parse("2026-11-10T09:00:00Z"));
  });

  it("falls back to published_at only when the status says the post is out", () => {
    expect(publicationMs({ status: "PARTIALLY_PUBLISHED", published_at: B_PUBLISHED, publish_records: [] })).toBe(
      Date.parse("2026-11-12T15:30:00Z"),
    );
    // Planned, not published: published_at is the plan, so there is nothing to align on.
    expect(publicationMs({ status: "APPROVED", published_at: B_PUBLISHED })).toBeUndefined();
    expect(publicationMs({ status: "PUBLISHED", published_at: null })).toBeUndefined();
    // A pending record has no moment of its own.
    expect(publicationMs({ status: "PUBLISHING", published_at: B_PUBLISHED, publish_records: [{ status: "PENDING", published_at: null }] })).toBeUndefined();
  });
});

describe("alignPoints", () => {
  it("shifts each series by its own publication moment, so ages line up across days", () => {
    // Newest first, as the upstream lists them.
    const a = historyPoints([
      { value: 300, collected_at: "2026-11-10T18:00:00+03:00" },
      { value: 100, collected_at: "2026-11-10T13:30:00+03:00" },
    ]);
    const b = historyPoints([
      { value: 250, collected_at: "2026-11-13T00:30:00+03:00" },
      { value: 80, collected_at: "2026-11-12T20:00:00+03:00" },
    ]);
    const alignedA = alignPoints(a, publicationMs({ status: "PUBLISHED", published_at: A_PUBLISHED })!);
    const alignedB = alignPoints(b, publicationMs({ status: "PUBLISHED", published_at: B_PUBLISHED })!);
    // A: 13:30 − 12:00 = 1.5 h, 18:00 − 12:00 = 6 h. B: 20:00 − 18:30 = 1.5 h, 00:30 next day − 18:30 = 6 h.
    expect(alignedA.map((p) => [inUnit(p.sinceMs, "hours"), p.value])).toEqual([[1.5, 100], [6, 300]]);
    expect(alignedB.map((p) => [inUnit(p.sinceMs, "hours"), p.value])).toEqual([[1.5, 80], [6, 250]]);
    // The original moment stays with the point (tables and CSV still say when it was collected).
    expect(alignedB[1]?.collectedAt).toBe("2026-11-13T00:30:00+03:00");
    expect(alignUnit([alignedA, alignedB])).toBe("hours");
  });

  it("keeps a point collected before publication at a negative age", () => {
    const [p] = alignPoints(historyPoints([{ value: 0, collected_at: "2026-11-10T11:45:00+03:00" }]), Date.parse(A_PUBLISHED));
    expect(inUnit(p!.sinceMs, "hours")).toBe(-0.25);
  });
});

describe("alignUnit and inUnit", () => {
  it("counts hours up to three days and days beyond", () => {
    const at = (hours: number) => [{ time: 0, collectedAt: "", value: 0, sinceMs: hours * 3_600_000 }];
    expect(alignUnit([at(72)])).toBe("hours");
    expect(alignUnit([at(5), at(73)])).toBe("days");
    expect(alignUnit([])).toBe("hours");
    expect(inUnit(36 * 3_600_000, "days")).toBe(1.5);
    expect(inUnit(100 * 60_000, "hours")).toBe(1.67);
  });
});
