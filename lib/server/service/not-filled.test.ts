import { describe, expect, it } from "vitest";
import { isNotFilled, NotFilledError } from "./not-filled";

describe("isNotFilled", () => {
  it("knows the error by name, as another bundle's copy of the class throws it", () => {
    expect(isNotFilled(new NotFilledError(7))).toBe(true);
    // The service on globalThis was made by another bundle: its NotFilledError is not this module's class.
    const copy = Object.assign(new Error("campaign 7 is not loaded yet"), { name: "NotFilledError" });
    expect(copy instanceof NotFilledError).toBe(false);
    expect(isNotFilled(copy)).toBe(true);
    expect(isNotFilled(new Error("budget"))).toBe(false);
    expect(isNotFilled("NotFilledError")).toBe(false);
  });
});
