import { describe, expect, it } from "vitest";
import { describeSignInError, lockedErrorCode, UNAVAILABLE_CODE } from "./sign-in-errors";

describe("sign-in error codes", () => {
  it("round-trips a lock with the minutes left, rounded up", () => {
    expect(describeSignInError(lockedErrorCode(15 * 60_000))).toEqual({ kind: "locked", minutes: 15 });
    expect(describeSignInError(lockedErrorCode(61_000))).toEqual({ kind: "locked", minutes: 2 });
    expect(describeSignInError(lockedErrorCode(60_000))).toEqual({ kind: "locked", minutes: 1 });
  });

  it("says a short wait in seconds, not as a minute", () => {
    expect(describeSignInError(lockedErrorCode(1))).toEqual({ kind: "wait", seconds: 1 });
    expect(describeSignInError(lockedErrorCode(7_500))).toEqual({ kind: "wait", seconds: 8 });
  });

  it("reads a mangled lock code from the URL as a long lock", () => {
    expect(describeSignInError("locked:abc")).toEqual({ kind: "locked", minutes: 15 });
    expect(describeSignInError(`locked:${"9".repeat(1_000)}`)).toEqual({ kind: "locked", minutes: 1_666_667 });
  });

  it("reads next-auth's codes", () => {
    expect(describeSignInError("CredentialsSignin")).toEqual({ kind: "invalid" });
    expect(describeSignInError("AccessDenied")).toEqual({ kind: "ssoDenied" });
    expect(describeSignInError("OAuthCallback")).toEqual({ kind: "ssoFailed" });
    expect(describeSignInError(UNAVAILABLE_CODE)).toEqual({ kind: "unavailable" });
    expect(describeSignInError("Something")).toEqual({ kind: "unknown" });
    expect(describeSignInError(null)).toBeNull();
  });
});
