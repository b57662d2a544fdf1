import { describe, expect, it } from "vitest";
import { landingPath } from "./landing";

describe("landingPath", () => {
  it("sends editors and reviewers to the inbox, managers and admins to the overview", () => {
    expect(landingPath("editor")).toBe("/inbox");
    expect(landingPath("reviewer")).toBe("/inbox");
    expect(landingPath("manager")).toBe("/");
    expect(landingPath("admin")).toBe("/");
  });
});
