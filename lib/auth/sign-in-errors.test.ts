import { describe, expect, it } from "vitest";
import { describeSignInError, lockedErrorCode } from "./sign-in-errors";

describe("sign-in error codes", () => {
  it("round-trips a lock with the minutes left, rounded up", () => {
    expect(describeSignInError(lockedErrorCode(15 * 60_000))).toEqual({ kind: "locked", minutes: 15 });
    expect(describeSignInError(lockedErrorCode(61_000))).toEqual({ kind: "locked", minutes: 2 });
    expect(describeSignInError(lockedErrorCode(1))).toEqual({ kind: "locked", minutes: 1 });
  });

  it("reads next-auth's codes", () => {
    expect(describeSignInError("CredentialsSignin")).toEqual({ kind: "invalid" });
    expect(describeSignInError("AccessDenied")).toEqual({ kind: "ssoDenied" });
    expect(describeSignInError("OAuthCallback")).toEqual({ kind: "ssoFailed" });
    expect(describeSignInError("Something")).toEqual({ kind: "unknown" });
    expect(describeSignInError(null)).toBeNull();
  });
});
