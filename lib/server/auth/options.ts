import "server-only";
import type { AuthOptions } from "next-auth";
import { headers } from "next/headers";
import CredentialsProvider from "next-auth/providers/credentials";
import { env, type Env } from "@/lib/env";
import { log } from "@/lib/server/log";
import { redis } from "@/lib/server/redis";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { authCookies, isSecureUrl } from "@/lib/auth/cookies";
import { authorizeCredentials, clientIp } from "@/lib/auth/credentials";
import { oidcProvider } from "@/lib/auth/oidc";
import { checkSession } from "@/lib/server/auth/session-check";
import { createSession, hashSid, revokeSessions } from "@/lib/server/auth/session-store";
import { SignInThrottle } from "@/lib/auth/throttle";
import { RedisThrottleStore } from "@/lib/server/auth/throttle-redis";
import { userFromClaims } from "@/lib/auth/token";
import { usersStoreFor } from "@/lib/server/auth/users-mode";

/** SESSION_MAX_HOURS (a work day by default); the session record enforces it, the cookie only follows. */
function sessionMaxAgeSeconds(e: Env): number {
  return e.SESSION_MAX_HOURS * 60 * 60;
}

/** Thrown from the jwt callback for an ended session: next-auth then clears the cookie and answers no session. */
class SessionEndedError extends Error {
  constructor() {
    super("session ended");
    this.name = "SessionEndedError";
  }
}

/** User agent and address of the sign-in request, for the admin's session list; absent outside a request. */
async function signInRequestMeta(): Promise<{ userAgent: string | null; ip: string | null }> {
  try {
    const h = await headers();
    const ip = clientIp({ "x-forwarded-for": h.get("x-forwarded-for") ?? undefined });
    return { userAgent: h.get("user-agent"), ip: ip === "unknown" ? null : ip };
  } catch {
    return { userAgent: null, ip: null };
  }
}

const globalForThrottle = globalThis as typeof globalThis & { __signInThrottle?: SignInThrottle };

/**
 * With REDIS_URL the throttle's tables are in Redis, shared by every instance
 * (else N instances would allow N times the guesses); without it, one throttle
 * per server process, kept across hot reloads in development.
 */
function signInThrottleFor(e: Env): SignInThrottle {
  if (e.REDIS_URL) return new SignInThrottle(undefined, new RedisThrottleStore(redis, `${e.REDIS_PREFIX}throttle:`));
  return (globalForThrottle.__signInThrottle ??= new SignInThrottle());
}

export function buildAuthOptions(e: Env, throttle: SignInThrottle = signInThrottleFor(e)): AuthOptions {
  const users = usersStoreFor(e);
  const secure = isSecureUrl(e.NEXTAUTH_URL);
  const oidc = oidcProvider(e);
  const maxAge = sessionMaxAgeSeconds(e);
  return {
    secret: e.NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge },
    jwt: { maxAge },
    useSecureCookies: secure,
    cookies: authCookies(secure),
    // Errors come back to the login page too (?error=...), which explains them.
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "credentials",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        authorize: async (credentials, req) => {
          const user = await authorizeCredentials(
            { email: credentials?.email, password: credentials?.password, ip: clientIp(req.headers) },
            { users, demo: e.DEMO, throttle },
          );
          return user ? { id: user.email, ...user } : null;
        },
      }),
      ...(oidc ? [oidc] : []),
    ],
    callbacks: {
      // Both providers must produce an email and a known role; SSO without one is refused here.
      signIn: ({ user }) => userFromClaims(user) !== null,
      jwt: async ({ token, user, account }) => {
        if (user) {
          // A sign-in (either provider): a new session record, its sid in the token.
          const signedIn = userFromClaims(user);
          if (!signedIn) return token;
          const meta = await signInRequestMeta();
          const sid = await createSession({ user: signedIn, provider: account?.provider ?? "unknown", maxAgeMs: maxAge * 1000, ...meta });
          return Object.assign(token, signedIn, { sid });
        }
        // Every later read through next-auth (GET /api/auth/session, the client's useSession).
        if (!(await checkSession(token))) throw new SessionEndedError();
        return token;
      },
      session: ({ session, token }) => {
        const user = userFromClaims(token);
        return user ? { ...session, user } : { ...session, user: undefined };
      },
      redirect: ({ url, baseUrl }) => new URL(safeCallbackPath(url, baseUrl), baseUrl).toString(),
    },
    events: {
      signIn: ({ user, account }) => {
        if (account?.provider !== "credentials") log.info("signed in", { email: user.email, role: user.role, method: account?.provider });
      },
      // The cookie is cleared by next-auth; ending the record makes a copy of it useless too.
      signOut: async ({ token }) => {
        if (typeof token?.sid === "string") await revokeSessions({ sidHash: hashSid(token.sid) }, "signed_out");
      },
    },
    logger: {
      // next-auth's own diagnostics go through our JSON logger; debug output can hold tokens, so it is dropped.
      error: (code, metadata) => {
        // An ended session presented to /api/auth/session is routine, not a fault.
        if (metadata instanceof SessionEndedError) log.info("ended session refused", { code });
        else log.error("next-auth error", { code, detail: describe(metadata) });
      },
      warn: (code) => log.warn("next-auth warning", { code }),
      debug: () => undefined,
    },
  };
}

function describe(metadata: unknown): unknown {
  if (metadata instanceof Error) return { name: metadata.name, message: metadata.message };
  if (metadata && typeof metadata === "object" && "error" in metadata && metadata.error instanceof Error) {
    return { name: metadata.error.name, message: metadata.error.message };
  }
  return undefined;
}

let memo: { env: Env; options: AuthOptions } | undefined;
function current(): AuthOptions {
  const e = env();
  if (memo?.env !== e) memo = { env: e, options: buildAuthOptions(e) };
  return memo.options;
}

/**
 * The next-auth options. Built on first use, not at import, so that
 * `next build` can load this module without runtime secrets; after that the
 * same object is returned until the env changes (tests).
 */
export const authOptions: AuthOptions = {
  get secret() {
    return current().secret;
  },
  get session() {
    return current().session;
  },
  get jwt() {
    return current().jwt;
  },
  get useSecureCookies() {
    return current().useSecureCookies;
  },
  get cookies() {
    return current().cookies;
  },
  get pages() {
    return current().pages;
  },
  get providers() {
    return current().providers;
  },
  get callbacks() {
    return current().callbacks;
  },
  get events() {
    return current().events;
  },
  get logger() {
    return current().logger;
  },
};
