import { log } from "@/lib/server/log";
import { DEMO_USERS } from "./demo-users";
import { verifyPassword } from "./password";
import type { SessionUser } from "./roles";
import { lockedErrorCode } from "./sign-in-errors";
import { SignInThrottle } from "./throttle";
import { normalizeEmail, readUsersFile, type StoredUser } from "./users-file";

export type CredentialsDeps = {
  usersFile: string;
  demo: boolean;
  throttle: SignInThrottle;
  sleep?: (ms: number) => Promise<void>;
};

/** Raised while locked; its message becomes `?error=locked:<seconds>`. */
export class SignInLockedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(lockedErrorCode(retryAfterMs));
    this.name = "SignInLockedError";
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function findUser(email: string, deps: CredentialsDeps): Promise<StoredUser | undefined> {
  const { users, problems } = await readUsersFile(deps.usersFile);
  if (problems.length > 0) log.warn("users file has entries that were skipped", { file: deps.usersFile, problems });
  // The file wins over a demo user of the same email.
  return users.find((u) => u.email === email) ?? (deps.demo ? DEMO_USERS.find((u) => u.email === email) : undefined);
}

/**
 * Checks an email and password. Returns the user, or null for any mismatch
 * (one message for "no such user" and "wrong password"); throws
 * SignInLockedError while the account or address is locked.
 */
export async function authorizeCredentials(
  input: { email?: string; password?: string; ip: string },
  deps: CredentialsDeps,
): Promise<SessionUser | null> {
  const email = normalizeEmail(input.email ?? "");
  const password = input.password ?? "";
  const accountKey = `account:${email}`;
  const attempt = deps.throttle.begin([accountKey, `ip:${input.ip}`]);
  if (!attempt.allowed) {
    log.warn("sign-in refused while locked", { email, ip: input.ip, retryAfterMs: attempt.retryAfterMs });
    throw new SignInLockedError(attempt.retryAfterMs);
  }
  try {
    if (attempt.delayMs > 0) await (deps.sleep ?? defaultSleep)(attempt.delayMs);
    const user = email && password ? await findUser(email, deps) : undefined;
    // Always one bcrypt comparison, user or not, so timing does not reveal who exists.
    const ok = await verifyPassword(password, user?.passwordHash);
    if (user && ok) {
      attempt.succeed([accountKey]);
      log.info("signed in", { email, role: user.role, method: "credentials" });
      return { email: user.email, name: user.name, role: user.role };
    }
    attempt.fail();
    log.warn("sign-in failed", { email, ip: input.ip });
    return null;
  } catch (error) {
    // A broken users file is our fault, not a guess: do not count it against the person.
    attempt.succeed([]);
    throw error;
  }
}

/**
 * The client address for per-address throttling. Next sets X-Forwarded-For
 * from the socket when absent; behind a proxy that appends, the last entry is
 * the one that proxy saw. The per-account limit does not rely on this header.
 */
export function clientIp(headers: Record<string, unknown> | undefined): string {
  const forwarded = headers?.["x-forwarded-for"];
  const value = Array.isArray(forwarded) ? forwarded.join(",") : typeof forwarded === "string" ? forwarded : "";
  const last = value.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
  const real = headers?.["x-real-ip"];
  return last ?? (typeof real === "string" && real ? real : "unknown");
}
