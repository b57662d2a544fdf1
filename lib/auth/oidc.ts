import type { Profile, User } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import type { Env } from "@/lib/env";
import { isRole, type Role } from "./roles";
import { normalizeEmail } from "./users-file";

/**
 * Single sign-on through any OpenID Connect provider, found by well-known
 * discovery from OIDC_ISSUER. The role comes from one claim (OIDC_ROLE_CLAIM,
 * "role" by default); a missing or unknown role refuses the sign-in (the
 * signIn callback checks it) rather than granting some default.
 */
export type OidcClaims = Profile & Record<string, unknown>;

export const OIDC_PROVIDER_ID = "oidc";

/**
 * The role a claim value names. Strings are compared case-insensitively;
 * for a list (providers often send groups or roles as arrays) the first
 * known role wins.
 */
export function roleFromClaim(value: unknown): Role | undefined {
  const candidates = Array.isArray(value) ? value : [value];
  for (const candidate of candidates) {
    const role = typeof candidate === "string" ? candidate.trim().toLowerCase() : undefined;
    if (isRole(role)) return role;
  }
  return undefined;
}

/** id_token (and userinfo) claims → next-auth user; `role` stays undefined when unusable. */
export function userFromOidcClaims(claims: OidcClaims, roleClaim: string): User {
  const email = typeof claims.email === "string" && claims.email_verified !== false ? normalizeEmail(claims.email) : undefined;
  const name =
    [claims.name, claims.preferred_username, email].find((v): v is string => typeof v === "string" && v.trim() !== "") ??
    undefined;
  return { id: String(claims.sub), email, name, role: roleFromClaim(claims[roleClaim]) };
}

export function oidcProvider(e: Env): OAuthConfig<OidcClaims> | null {
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) return null;
  const issuer = e.OIDC_ISSUER.replace(/\/+$/, "");
  return {
    id: OIDC_PROVIDER_ID,
    name: e.OIDC_NAME,
    type: "oauth",
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    authorization: { params: { scope: "openid email profile" } },
    // Validate the id_token (signature, issuer, audience, nonce), and bind the code with PKCE.
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    userinfo: {
      // Many providers put custom claims (the role) only in userinfo, others only in the
      // id_token: read both; the id_token's `sub` stays authoritative.
      async request({ tokens, client }) {
        // At run time `tokens` is openid-client's TokenSet, already validated by client.callback().
        const set = tokens as typeof tokens & { claims(): OidcClaims };
        const claims = set.claims();
        if (!set.access_token || !client.issuer.metadata.userinfo_endpoint) return claims;
        const info = await client.userinfo(set.access_token);
        return { ...claims, ...info, sub: claims.sub };
      },
    },
    profile: (claims) => userFromOidcClaims(claims, e.OIDC_ROLE_CLAIM),
  };
}
