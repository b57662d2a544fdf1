/**
 * The error codes a failed sign-in comes back with (next-auth puts them in
 * `?error=`), and how the login page reads them. Shared by server and browser.
 */
export const LOCKED_PREFIX = "locked:";

/** Thrown by authorize() while this address may not try; carries the wait in seconds. */
export function lockedErrorCode(retryAfterMs: number): string {
  return `${LOCKED_PREFIX}${Math.max(1, Math.ceil(retryAfterMs / 1000))}`;
}

/**
 * Thrown by authorize() when what sign-in depends on (the shared throttle in
 * Redis, the users store) cannot be reached: the attempt is refused, never
 * let through unthrottled, and the person is told to try again shortly.
 */
export const UNAVAILABLE_CODE = "unavailable";

export type SignInProblem =
  | { kind: "invalid" }
  /** A short pause between tries, in seconds: said as such, not rounded up to a minute. */
  | { kind: "wait"; seconds: number }
  | { kind: "locked"; minutes: number }
  | { kind: "ssoDenied" }
  | { kind: "ssoFailed" }
  | { kind: "unavailable" }
  | { kind: "unknown" };

export function describeSignInError(code: string | null | undefined): SignInProblem | null {
  if (!code) return null;
  if (code.startsWith(LOCKED_PREFIX)) {
    // From the URL, so anything may be there: a missing or odd number reads as a long lock.
    const seconds = Number(code.slice(LOCKED_PREFIX.length, LOCKED_PREFIX.length + 8));
    if (!Number.isInteger(seconds) || seconds <= 0) return { kind: "locked", minutes: 15 };
    return seconds < 60 ? { kind: "wait", seconds } : { kind: "locked", minutes: Math.ceil(seconds / 60) };
  }
  switch (code) {
    case "CredentialsSignin":
      return { kind: "invalid" };
    case UNAVAILABLE_CODE:
      return { kind: "unavailable" };
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
