import { describe, expect, it } from "vitest";
import { computeReviewAnalytics, type Decision } from "./compute";
import { rangeBounds } from "./decisions";

// 18:30 UTC on the 4th: 21:30 that day in Moscow, 01:30 on the 5th in Novosibirsk.
const decision: Decision = { id: 1, at: "2026-11-04T18:30:00.000Z", user_email: "a@example.com", user_name: "A", task_id: 7, campaign_id: 10, action: "approve", reason_category: null };
const range = { from: "2026-11-04", to: "2026-11-05" };
const run = (timeZone?: string) =>
  computeReviewAnalytics({ range, campaignId: null, decisions: [decision], posts: [], campaignNames: new Map(), now: Date.parse("2026-11-06T00:00:00Z"), timeZone });

describe("review analytics' days", () => {
  it("count a decision on the reader's day", () => {
    expect(run("Europe/Moscow").days.map((d) => [d.day, d.approvals])).toEqual([["2026-11-04", 1], ["2026-11-05", 0]]);
    expect(run("Asia/Novosibirsk").days.map((d) => [d.day, d.approvals])).toEqual([["2026-11-04", 0], ["2026-11-05", 1]]);
  });

  it("read the audit log between the reader's midnights", () => {
    expect(rangeBounds(range, "Asia/Novosibirsk")).toEqual({ fromIso: "2026-11-03T17:00:00.000Z", toIso: "2026-11-05T16:59:59.999Z" });
    expect(rangeBounds(range)).toEqual({ fromIso: "2026-11-03T21:00:00.000Z", toIso: "2026-11-05T20:59:59.999Z" });
  });
});
