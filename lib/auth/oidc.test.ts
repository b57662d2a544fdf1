import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decode } from "next-auth/jwt";
import type { OAuthConfig } from "next-auth/providers/oauth";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import { closeDbForTests } from "@/lib/server/db";
import { OIDC_PROVIDER_ID, roleFromClaim, userFromOidcClaims, type OidcClaims } from "./oidc";
import { buildAuthOptions } from "@/lib/server/auth/options";
import { listSessions } from "@/lib/server/auth/session-store";
import { AuthDriver } from "@/test/support/auth-driver";
import { userFromClaims } from "./token";

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 and a free port; the
 * dashboard side is next-auth's own handler with our options, driven like a
 * browser through discovery, the provider's login and consent, and the
 * code exchange back to a session.
 */
const SECRET = "oidc-test-secret-oidc-test-secret";
const CALLBACK = "http://localhost:3000/api/auth/callback/oidc";
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  anna: { email: "Anna@Corp.example", email_verified: true, name: "Анна Иванова", role: "editor" },
  boris: { email: "boris@corp.example", email_verified: true, name: "Борис", role: ["staff", "Manager"] },
  nobody: { email: "nobody@corp.example", email_verified: true, name: "Без роли" },
  stranger: { email: "stranger@corp.example", email_verified: true, name: "Чужой", role: "owner" },
};

let server: Server;
let issuer: string;
let dbDir: string;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "dashboard",
        client_secret: "dashboard-client-secret-0123456789",
        redirect_uris: [CALLBACK],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "role"] },
    // Put the scope's claims into the id_token too, as Keycloak and Azure AD do.
    conformIdTokenClaims: false,
    cookies: { keys: ["oidc-test-cookie-key"] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx, id) => {
      const claims = ACCOUNTS[id];
      return claims ? { accountId: id, claims: () => ({ sub: id, ...claims }) } : undefined;
    },
  });
  server.on("request", provider.callback());

  for (const key of ["DEMO", "NEXTAUTH_URL"]) delete process.env[key];
  Object.assign(process.env, {
    UPSTREAM_API_KEY: "k",
    NEXTAUTH_SECRET: SECRET,
    NEXTAUTH_URL: "http://localhost:3000",
    OIDC_ISSUER: `${issuer}/`,
    OIDC_CLIENT_ID: "dashboard",
    OIDC_CLIENT_SECRET: "dashboard-client-secret-0123456789",
    OIDC_NAME: "Corp SSO",
    LOG_LEVEL: "silent",
    // Each sign-in writes a session record: into a throwaway database, not ./data.
    DATABASE_URL: `file:${join((dbDir = mkdtempSync(join(tmpdir(), "auth-oidc-"))), "dash.db")}`,
  });
  resetEnvForTests();
  await closeDbForTests();
});

afterAll(async () => {
  for (const key of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_NAME"]) delete process.env[key];
  resetEnvForTests();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeDbForTests();
  rmSync(dbDir, { recursive: true, force: true });
});

/** A browser at the provider: follows redirects, answers the login and consent forms. */
async function loginAtProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let method: "GET" | "POST" = "GET";
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method,
      redirect: "manual",
      body,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(CALLBACK)) return next;
      url = next.href;
      method = "GET";
      body = undefined;
      continue;
    }
    const html = await res.text();
    expect(res.status, html.slice(0, 500)).toBe(200);
    // The provider's development login and consent pages.
    method = "POST";
    body = html.includes('name="prompt" value="login"')
      ? new URLSearchParams({ prompt: "login", login: accountId, password: "any" }).toString()
      : new URLSearchParams({ prompt: "consent" }).toString();
  }
  throw new Error("the provider never redirected back");
}

type Captured = { claims: OidcClaims; idToken: string | undefined };

/** The dashboard side: next-auth with our options, with profile() observed. */
function dashboard() {
  const options = buildAuthOptions(env());
  const oidc = options.providers.find((p) => p.id === OIDC_PROVIDER_ID) as OAuthConfig<OidcClaims>;
  const captured: Captured[] = [];
  const profile = oidc.profile;
  oidc.profile = (claims, tokens) => {
    captured.push({ claims, idToken: tokens.id_token });
    return profile(claims, tokens);
  };
  return { driver: new AuthDriver(options), captured, profile };
}

async function signInViaSso(accountId: string, callbackUrl = "/campaigns") {
  const { driver, captured, profile } = dashboard();
  const csrfToken = await driver.csrfToken();
  const start = await driver.request(`signin/${OIDC_PROVIDER_ID}`, { method: "POST", body: { csrfToken, callbackUrl, json: "true" } });
  expect(start.redirect).toMatch(new RegExp(`^${issuer}/`));
  const authorization = new URL(start.redirect ?? "");
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorization.searchParams.get("nonce")).toBeTruthy();
  const back = await loginAtProvider(authorization.href, accountId);
  const done = await driver.request(`callback/${OIDC_PROVIDER_ID}`, { query: Object.fromEntries(back.searchParams) });
  return { driver, captured, profile, done };
}

function payloadOf(jwt: string | undefined): Record<string, unknown> {
  const part = jwt?.split(".")[1];
  if (!part) throw new Error("no id_token");
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

describe("OpenID Connect sign-in against a real provider", () => {
  it("discovers the provider from the issuer", async () => {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.issuer).toBe(issuer);
    expect(meta.authorization_endpoint).toBe(`${issuer}/auth`);
  });

  it("runs the authorization-code flow to a session with the role from the claim", async () => {
    const { driver, captured, profile, done } = await signInViaSso("anna");
    expect(done.redirect).toBe("http://localhost:3000/campaigns");

    // The real id_token carries the role claim, and profile() maps it.
    expect(captured).toHaveLength(1);
    const idToken = payloadOf(captured[0]?.idToken);
    expect(idToken).toMatchObject({ iss: issuer, aud: "dashboard", sub: "anna", role: "editor" });
    const fromIdToken = await profile(idToken as OidcClaims, {});
    expect(userFromClaims(fromIdToken)).toEqual({ email: "anna@corp.example", name: "Анна Иванова", role: "editor" });

    const token = await decode({ token: driver.jar.get("next-auth.session-token"), secret: SECRET });
    expect(userFromClaims(token)).toEqual({ email: "anna@corp.example", name: "Анна Иванова", role: "editor" });
    expect((await driver.request("session")).body).toMatchObject({ user: { email: "anna@corp.example", role: "editor" } });
    // The sign-in left a session record, with the role the IdP gave.
    expect(token?.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await listSessions({ email: "anna@corp.example" })).toMatchObject([{ provider: "oidc", role: "editor", active: true }]);
  });

  it("takes the first known role from a list, case-insensitively", async () => {
    const { driver } = await signInViaSso("boris");
    const token = await decode({ token: driver.jar.get("next-auth.session-token"), secret: SECRET });
    expect(token).toMatchObject({ email: "boris@corp.example", role: "manager" });
  });

  it.each(["nobody", "stranger"])("refuses %s (missing or unknown role) with AccessDenied and no session", async (accountId) => {
    const { driver, done } = await signInViaSso(accountId);
    expect(done.redirect).toBe("http://localhost:3000/api/auth/error?error=AccessDenied");
    // next-auth's error endpoint hands over to our login page, which explains the refusal.
    const shown = await driver.request("error", { query: { error: "AccessDenied" } });
    expect(shown.redirect).toBe("/login?error=AccessDenied");
    expect(driver.jar.has("next-auth.session-token")).toBe(false);
  });
});

describe("OIDC claim mapping", () => {
  it("maps claims and leaves the role undefined when unusable", () => {
    expect(roleFromClaim(" Admin ")).toBe("admin");
    expect(roleFromClaim(["x", "reviewer"])).toBe("reviewer");
    expect(roleFromClaim("superuser")).toBeUndefined();
    expect(roleFromClaim(undefined)).toBeUndefined();
    expect(userFromOidcClaims({ sub: "1", email: "a@b.c", email_verified: false, groups: "admin" }, "groups")).toEqual({
      id: "1",
      email: undefined,
      name: undefined,
      role: "admin",
    });
  });
});
