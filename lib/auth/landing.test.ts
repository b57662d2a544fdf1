import { describe, expect, it } from "vitest";
import { defaultLanding, isLanding, LANDINGS, landingPath } from "./landing";

describe("landingPath", () => {
  it("sends editors to the inbox, reviewers to the inbox's posts needing their verdict, managers and admins to the overview", () => {
    expect(landingPath("editor")).toBe("/inbox");
    expect(landingPath("reviewer")).toBe("/inbox?verdict=mine");
    expect(landingPath("manager")).toBe("/");
    expect(landingPath("admin")).toBe("/");
    expect(defaultLanding("reviewer")).toBe("inbox_mine");
  });

  it("follows the person's own choice over their role's", () => {
    expect(landingPath("manager", "inbox")).toBe("/inbox");
    expect(landingPath("editor", "overview")).toBe("/");
    expect(landingPath("reviewer", "calendar")).toBe("/calendar");
    expect(landingPath("admin", "queue")).toBe("/campaigns");
    expect(landingPath("editor", "inbox_mine")).toBe("/inbox?verdict=mine");
    expect(landingPath("reviewer", null)).toBe("/inbox?verdict=mine");
  });

  it("knows the offered choices only", () => {
    expect(LANDINGS.every(isLanding)).toBe(true);
    expect(isLanding("reports")).toBe(false);
    expect(isLanding(null)).toBe(false);
  });
});
