/**
 * The error codes a failed sign-in comes back with (next-auth puts them in
 * `?error=`), and how the login page reads them. Shared by server and browser.
 */
export const LOCKED_PREFIX = "locked:";

/** Thrown by authorize() while an account or address is locked; carries the wait in seconds. */
export function lockedErrorCode(retryAfterMs: number): string {
  return `${LOCKED_PREFIX}${Math.max(1, Math.ceil(retryAfterMs / 1000))}`;
}

export type SignInProblem =
  | { kind: "invalid" }
  | { kind: "locked"; minutes: number }
  | { kind: "ssoDenied" }
  | { kind: "ssoFailed" }
  | { kind: "unknown" };

export function describeSignInError(code: string | null | undefined): SignInProblem | null {
  if (!code) return null;
  if (code.startsWith(LOCKED_PREFIX)) {
    const seconds = Number(code.slice(LOCKED_PREFIX.length));
    return { kind: "locked", minutes: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15 };
  }
  switch (code) {
    case "CredentialsSignin":
      return { kind: "invalid" };
    // The signIn callback refused: the provider gave no known role (or no email).
    case "AccessDenied":
      return { kind: "ssoDenied" };
    case "OAuthSignin":
    case "OAuthCallback":
    case "OAuthCreateAccount":
    case "OAuthAccountNotLinked":
    case "Callback":
      return { kind: "ssoFailed" };
    default:
      return { kind: "unknown" };
  }
}
