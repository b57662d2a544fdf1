/**
 * The two next-auth requests the browser makes (sign in, sign out) without
 * next-auth's client bundle, which would otherwise sit in the first load of
 * the sign-in page and, through the header's sign-out button, of every page.
 * Same endpoints and form fields as next-auth's own `signIn`/`signOut`.
 */

import { errorCodeFromAnswer } from "./sign-in-errors";

export type SignInResult = { ok: boolean; status: number; error: string | null; url: string | null };

async function csrfToken(): Promise<string> {
  const response = await fetch("/api/auth/csrf", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`csrf ${response.status}`);
  const { csrfToken: token } = (await response.json()) as { csrfToken?: unknown };
  if (typeof token !== "string" || !token) throw new Error("csrf token missing");
  return token;
}

async function postForm(path: string, fields: Record<string, string>): Promise<{ response: Response; url: string | null; code: string | null }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: "true" }),
  });
  // next-auth answers `{ url }`; a refused sign-in is the envelope saying why; anything else
  // (the edge's envelope for an oversized form, a proxy's page) has neither, and the caller
  // reports the status.
  const body = (await response.json().catch(() => null)) as { url?: unknown; error?: { code?: unknown } } | null;
  const code = typeof body?.error?.code === "string" ? body.error.code : null;
  return { response, url: typeof body?.url === "string" ? body.url : null, code };
}

/**
 * Credentials: posts the form and reports the outcome without leaving the page
 * (`error` is the reason as next-auth's `?error=` codes name it, e.g.
 * `CredentialsSignin` or the throttle's `locked:900`, read from the envelope). Another provider: starts its redirect flow.
 */
export async function signIn(
  provider: "credentials" | "oidc",
  options: { callbackUrl: string; email?: string; password?: string },
): Promise<SignInResult | undefined> {
  const { callbackUrl, ...credentials } = options;
  if (provider !== "credentials") {
    const { url } = await postForm(`/api/auth/signin/${provider}`, { callbackUrl });
    window.location.href = url ?? callbackUrl;
    return undefined;
  }
  const fields: Record<string, string> = { callbackUrl };
  for (const [key, value] of Object.entries(credentials)) if (value !== undefined) fields[key] = value;
  const { response, url, code } = await postForm("/api/auth/callback/credentials", fields);
  const refusal = code === null ? null : errorCodeFromAnswer(code, response.headers.get("Retry-After"));
  const error = url === null ? (refusal ?? `http_${response.status}`) : new URL(url, window.location.origin).searchParams.get("error");
  return { ok: response.ok && !error, status: response.status, error, url: error ? null : url };
}

/** Ends the session (next-auth clears its cookie) and loads the sign-in page afresh. */
export async function signOut(callbackUrl = "/login"): Promise<void> {
  const { response } = await postForm("/api/auth/signout", { callbackUrl });
  if (!response.ok) throw new Error(`signout ${response.status}`);
  window.location.assign(callbackUrl);
}
