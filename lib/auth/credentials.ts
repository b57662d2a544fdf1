import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { log } from "@/lib/server/log";
import { DEMO_USERS } from "./demo-users";
import { MAX_PASSWORD_LENGTH, verifyPassword } from "./password";
import type { SessionUser } from "./roles";
import { lockedErrorCode, UNAVAILABLE_CODE } from "./sign-in-errors";
import type { Attempt, SignInThrottle } from "./throttle";
import { normalizeEmail, type StoredUser } from "./users-file";
import type { UsersStore } from "./users-store";

export type CredentialsDeps = {
  users: UsersStore;
  demo: boolean;
  throttle: SignInThrottle;
  sleep?: (ms: number) => Promise<void>;
};

/** RFC 5321's limit on a usable address; anything longer is not an account of ours. */
export const MAX_EMAIL_LENGTH = 254;
/** An IPv6 address with an embedded IPv4 one is at most 45 characters. */
const MAX_IP_LENGTH = 45;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/** Raised while locked; its message becomes `?error=locked:<seconds>`. */
export class SignInLockedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(lockedErrorCode(retryAfterMs));
    this.name = "SignInLockedError";
  }
}

/** Raised when the throttle or the users store cannot be reached; its message becomes `?error=unavailable`. */
export class SignInUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super(UNAVAILABLE_CODE, options);
    this.name = "SignInUnavailableError";
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function findUser(email: string, deps: CredentialsDeps): Promise<StoredUser | undefined> {
  // The store wins over a demo user of the same email.
  return (await deps.users.find(email)) ?? (deps.demo ? DEMO_USERS.find((u) => u.email === email) : undefined);
}

/** The error as a log field, without its stack. */
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The email if it can be an account, else null. Lengths are checked before
 * anything touches the value (trim and lower-case copy it), so an oversized
 * field costs neither memory nor time.
 */
function acceptableEmail(raw: unknown): string | null {
  // Room for surrounding spaces a person may have typed, but no more.
  if (typeof raw !== "string" || raw.length > MAX_EMAIL_LENGTH + 64) return null;
  const email = normalizeEmail(raw);
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(email) ? email : null;
}

/** What logs carry of an email someone typed: a short prefix and a hash to correlate attempts. */
export function emailForLog(email: string): string {
  const hash = createHash("sha256").update(email).digest("hex").slice(0, 12);
  return `${email.slice(0, 3)}…#${hash}`;
}

/**
 * Checks an email and password. Returns the user, or null for any mismatch
 * (one message for "no such user" and "wrong password"); throws
 * SignInLockedError while this address may not try (see SignInThrottle), and
 * SignInUnavailableError when the throttle or the users cannot be reached.
 */
export async function authorizeCredentials(
  input: { email?: unknown; password?: unknown; ip: string },
  deps: CredentialsDeps,
): Promise<SessionUser | null> {
  const email = acceptableEmail(input.email);
  const password = input.password;
  // clientIp() already bounds it; checked again because it is stored and logged.
  const ip = input.ip.length <= MAX_IP_LENGTH ? input.ip : "unknown";
  if (!email || typeof password !== "string" || password.length === 0 || password.length > MAX_PASSWORD_LENGTH) {
    // Not a possible account: nothing is stored, hashed or looked up, and nothing typed is logged.
    log.warn("sign-in refused: invalid input", { reason: email ? "password" : "email", ip });
    return null;
  }
  let attempt: Attempt;
  try {
    attempt = await deps.throttle.begin({ address: addressKey(ip), account: email });
  } catch (error) {
    // Without the shared throttle an attempt would be unthrottled on this instance: refused instead.
    log.error("sign-in refused: throttle unavailable", { email: emailForLog(email), ip, error: reason(error) });
    throw new SignInUnavailableError({ cause: error });
  }
  if (!attempt.allowed) {
    log.warn("sign-in refused while throttled", { email: emailForLog(email), ip, retryAfterMs: attempt.retryAfterMs });
    throw new SignInLockedError(attempt.retryAfterMs);
  }
  let user: StoredUser | undefined;
  let ok: boolean;
  try {
    if (attempt.delayMs > 0) await (deps.sleep ?? defaultSleep)(attempt.delayMs);
    user = await findUser(email, deps);
    // Always one bcrypt comparison, user or not, so timing does not reveal who exists.
    ok = await verifyPassword(password, user?.passwordHash);
  } catch (error) {
    // An unreadable users store is our fault, not a guess: it counts against nobody.
    log.error("sign-in refused: users unavailable", { email: emailForLog(email), error: reason(error) });
    await attempt.abandon().catch((e: unknown) => log.error("sign-in throttle: abandon not recorded", { error: reason(e) }));
    throw new SignInUnavailableError({ cause: error });
  }
  if (user && ok) {
    // The throttle let this attempt in: a success that cannot be recorded (Redis gone meanwhile) still signs
    // the person in; the attempt just stays counted in flight until it goes stale, a minute at most.
    await attempt.succeed().catch((e: unknown) => log.error("sign-in throttle: success not recorded", { error: reason(e) }));
    log.info("signed in", { email: user.email, role: user.role, method: "credentials" });
    return { email: user.email, name: user.name, role: user.role };
  }
  // Unrecorded, the attempt stays counted in flight, which holds this address back until it goes stale.
  await attempt.fail().catch((e: unknown) => log.error("sign-in throttle: failure not recorded", { error: reason(e) }));
  log.warn("sign-in failed", { email: emailForLog(email), ip });
  return null;
}

/**
 * The throttle's address: an IPv6 client usually holds a whole /64, so that
 * is what is counted, or one machine could rotate through endless addresses.
 */
export function addressKey(ip: string): string {
  if (isIP(ip) !== 6 || ip.includes(".")) return ip;
  const [head = "", tail = ""] = (ip.split("%")[0] ?? "").toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * The client address for per-address throttling. The server in front of Next
 * (server.mjs) replaces X-Forwarded-For with exactly one address, chosen by
 * TRUSTED_PROXIES; the last entry is read so that an appending proxy still
 * works. Anything that is not a plain address is "unknown". X-Real-IP is not
 * read: nothing in front of us sets it, so a client could.
 */
export function clientIp(headers: Record<string, unknown> | undefined): string {
  const forwarded = headers?.["x-forwarded-for"];
  const value = Array.isArray(forwarded) ? forwarded.at(-1) : forwarded;
  if (typeof value !== "string") return "unknown";
  // Only the tail is looked at, so an enormous header is never split or copied whole.
  const tail = value.slice(value.lastIndexOf(",") + 1);
  if (tail.length > MAX_IP_LENGTH + 8) return "unknown";
  const last = tail.trim();
  return last.length <= MAX_IP_LENGTH && isIP(last) !== 0 ? last : "unknown";
}
