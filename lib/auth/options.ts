import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env, type Env } from "@/lib/env";
import { log } from "@/lib/server/log";
import { safeCallbackPath } from "./callback-url";
import { authCookies, isSecureUrl } from "./cookies";
import { authorizeCredentials, clientIp } from "./credentials";
import { oidcProvider } from "./oidc";
import { SignInThrottle } from "./throttle";
import { userFromClaims } from "./token";

/** A work day; a person signs in again the next morning. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

// One throttle per server process, kept across hot reloads in development.
const globalForThrottle = globalThis as typeof globalThis & { __signInThrottle?: SignInThrottle };
export const signInThrottle = (globalForThrottle.__signInThrottle ??= new SignInThrottle());

export function buildAuthOptions(e: Env, throttle: SignInThrottle = signInThrottle): AuthOptions {
  const secure = isSecureUrl(e.NEXTAUTH_URL);
  const oidc = oidcProvider(e);
  return {
    secret: e.NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
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
            { usersFile: e.AUTH_USERS_FILE, demo: e.DEMO, throttle },
          );
          return user ? { id: user.email, ...user } : null;
        },
      }),
      ...(oidc ? [oidc] : []),
    ],
    callbacks: {
      // Both providers must produce an email and a known role; SSO without one is refused here.
      signIn: ({ user }) => userFromClaims(user) !== null,
      jwt: ({ token, user }) => {
        if (user) {
          const signedIn = userFromClaims(user);
          if (signedIn) Object.assign(token, signedIn);
        }
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
    },
    logger: {
      // next-auth's own diagnostics go through our JSON logger; debug output can hold tokens, so it is dropped.
      error: (code, metadata) => log.error("next-auth error", { code, detail: describe(metadata) }),
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
