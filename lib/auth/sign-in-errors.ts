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

/**
 * How the sign-in endpoint answers each problem: one envelope code and status
 * per kind, the wait in Retry-After. The same answer for an unknown e-mail as
 * for a wrong password (the throttle counts both alike).
 */
export const SIGN_IN_ANSWERS = {
  invalid: { code: "invalid_credentials", status: 401 },
  wait: { code: "sign_in_wait", status: 429 },
  locked: { code: "sign_in_locked", status: 429 },
  ssoDenied: { code: "sso_refused", status: 403 },
  ssoFailed: { code: "sso_failed", status: 401 },
  unavailable: { code: "sign_in_unavailable", status: 503 },
  unknown: { code: "sign_in_failed", status: 401 },
} as const satisfies Record<SignInProblem["kind"], { code: string; status: number }>;

/** The seconds a throttled person waits (for Retry-After), from the code that carries them. */
export function waitSeconds(code: string): number | undefined {
  const problem = describeSignInError(code);
  if (problem?.kind === "wait") return problem.seconds;
  if (problem?.kind !== "locked") return undefined;
  const seconds = Number(code.slice(LOCKED_PREFIX.length, LOCKED_PREFIX.length + 8));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : problem.minutes * 60;
}

/**
 * The problem an envelope from the sign-in endpoint describes, as the legacy
 * `?error=` code the login form reads (a wait or lock as `locked:<seconds>`
 * from Retry-After), or null when it is not a sign-in answer.
 */
export function errorCodeFromAnswer(code: string, retryAfter: string | null): string | null {
  const seconds = Number(retryAfter);
  const wait = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 900;
  switch (code) {
    case SIGN_IN_ANSWERS.invalid.code:
      return "CredentialsSignin";
    case SIGN_IN_ANSWERS.wait.code:
    case SIGN_IN_ANSWERS.locked.code:
      return `${LOCKED_PREFIX}${wait}`;
    case SIGN_IN_ANSWERS.ssoDenied.code:
      return "AccessDenied";
    case SIGN_IN_ANSWERS.ssoFailed.code:
      return "OAuthCallback";
    case SIGN_IN_ANSWERS.unavailable.code:
      return UNAVAILABLE_CODE;
    case SIGN_IN_ANSWERS.unknown.code:
      return code;
    default:
      return null;
  }
}

type Translate = (key: string, values?: Record<string, number>) => string;

/** The sentence for a problem, from the `auth` messages of the person's language. */
export function signInMessage(problem: SignInProblem, t: Translate): string {
  switch (problem.kind) {
    case "wait":
      return t("errors.wait", { seconds: problem.seconds });
    case "locked":
      return t("errors.locked", { minutes: problem.minutes });
    default:
      return t(`errors.${problem.kind}`);
  }
}
