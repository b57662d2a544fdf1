import { describe, expect, it } from "vitest";
import { contactLine, displayName, isGuest } from "./people";

describe("how a person reads in a list", () => {
  const guest = { email: "external:Ирина", name: "Ирина", role: "external" };
  const editor = { email: "anna@example.com", name: "Анна", role: "editor" };

  it("a link visitor is their name, with no technical email under it", () => {
    expect(isGuest(guest)).toBe(true);
    expect(displayName(guest)).toBe("Ирина");
    expect(contactLine(guest)).toBeNull();
  });

  it("an older row with only the prefixed email still reads as the guest's name", () => {
    const old = { email: "external:Пётр", name: "", role: "" };
    expect(isGuest(old)).toBe(true);
    expect(displayName(old)).toBe("Пётр");
  });

  it("a team member is their name with their email", () => {
    expect(isGuest(editor)).toBe(false);
    expect(displayName(editor)).toBe("Анна");
    expect(contactLine(editor)).toBe("anna@example.com");
    expect(displayName({ email: "bob@example.com", name: " ", role: "admin" })).toBe("bob@example.com");
  });
});
