import { describe, expect, it } from "vitest";
import { POST_STATUSES } from "@/lib/schemas/values";
import { allowedDecisions, canApprove, canReject, decisionAvailability, eligibleIds } from "./transitions";

describe("post transitions (description, section 3.1)", () => {
  it("approve only a post waiting for approval", () => {
    expect(POST_STATUSES.filter(canApprove)).toEqual(["WAITING_APPROVAL"]);
  });

  it("reject a post waiting for approval, approved or scheduled", () => {
    expect(POST_STATUSES.filter(canReject).sort()).toEqual(["APPROVED", "SCHEDULED", "WAITING_APPROVAL"]);
  });

  it("offers nothing on published, canceled, failed, generating, ready or publishing posts", () => {
    for (const s of ["PUBLISHED", "PARTIALLY_PUBLISHED", "PUBLISHING", "CANCELED", "FAILED", "GENERATING", "READY"]) {
      expect(allowedDecisions(s), s).toEqual([]);
      expect(decisionAvailability(s), s).toEqual({ approve: false, reject: false, reason: s });
    }
  });

  it("says why approve is missing on an approved or scheduled post, and nothing when both are offered", () => {
    expect(decisionAvailability("APPROVED")).toEqual({ approve: false, reject: true, reason: "APPROVED" });
    expect(decisionAvailability("SCHEDULED")).toEqual({ approve: false, reject: true, reason: "SCHEDULED" });
    expect(decisionAvailability("WAITING_APPROVAL")).toEqual({ approve: true, reject: true, reason: null });
  });

  it("offers nothing on a status the description does not list, whatever its spelling", () => {
    for (const s of ["ON_HOLD", "waiting_approval", "", "WAITING_APPROVAL ", "constructor", "__proto__"]) {
      expect(allowedDecisions(s), s).toEqual([]);
      expect(decisionAvailability(s), s).toEqual({ approve: false, reject: false, reason: "unknown" });
    }
  });

  it("keeps, for a bulk action, only the selected posts it is allowed on", () => {
    const posts = [
      { task_id: 1, status: "WAITING_APPROVAL" },
      { task_id: 2, status: "APPROVED" },
      { task_id: 3, status: "PUBLISHED" },
      { task_id: 4, status: "ON_HOLD" },
      { task_id: 5, status: "SCHEDULED" },
    ];
    const selected = [5, 4, 3, 2, 1, 99];
    expect(eligibleIds(posts, selected, "approve")).toEqual([1]);
    expect(eligibleIds(posts, selected, "reject")).toEqual([5, 2, 1]);
  });
});
