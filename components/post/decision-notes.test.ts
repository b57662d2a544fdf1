import { describe, expect, it } from "vitest";
import { decisionExtras } from "./decision-notes";

describe("decisionExtras", () => {
  it("keeps a wrong_version the read-back found, and drops a malformed one", () => {
    expect(decisionExtras({ audit_id: 1, wrong_version: { signed: 2, approved: 3 } }).wrong_version).toEqual({ signed: 2, approved: 3 });
    expect(decisionExtras({ audit_id: 1, wrong_version: { signed: 2, approved: null } }).wrong_version).toEqual({ signed: 2, approved: null });
    expect(decisionExtras({ audit_id: 1, wrong_version: { signed: "2", approved: 3 } }).wrong_version).toBeUndefined();
    expect(decisionExtras({ audit_id: 1 }).wrong_version).toBeUndefined();
  });
});
