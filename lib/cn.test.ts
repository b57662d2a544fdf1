import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("lets a later utility of one kind override an earlier one, keeping the rest", () => {
    expect(cn("h-9 px-4", "h-7")).toBe("px-4 h-7");
    expect(cn("px-4", "p-2")).toBe("p-2");
    expect(cn("text-sm text-muted-foreground", "text-destructive")).toBe("text-sm text-destructive");
  });

  it("drops falsy parts and keeps classes of no known kind", () => {
    expect(cn("card", false && "hidden", undefined, { "font-medium": true, italic: false })).toBe("card font-medium");
  });
});
