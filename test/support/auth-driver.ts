import type { NextApiRequest, NextApiResponse } from "next";
import NextAuth, { type AuthOptions } from "next-auth";

/**
 * Drives next-auth's real request handling, as a browser would (cookie jar,
 * CSRF token, redirects), without starting Next: it goes through next-auth's
 * Node API entry with minimal req/res objects, so Set-Cookie headers come out
 * serialized exactly as they would on the wire. For tests only.
 */
export type AuthResult = {
  status: number;
  /** Location of a redirect, or the `url` of a JSON redirect. */
  redirect: string | null;
  body: unknown;
  setCookies: string[];
};

export class AuthDriver {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly options: AuthOptions,
    private readonly headers: Record<string, string> = {},
  ) {}

  async request(
    path: string,
    init: { method?: "GET" | "POST"; body?: Record<string, string>; query?: Record<string, string> } = {},
  ): Promise<AuthResult> {
    const headers: Record<string, string> = { host: "localhost:3000", ...this.headers };
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const req = {
      method: init.method ?? "GET",
      query: { ...init.query, nextauth: path.split("/") },
      body: init.body ?? {},
      cookies: Object.fromEntries(this.jar),
      headers,
    };
    const out = { status: 200, headers: new Map<string, string | string[]>(), body: undefined as unknown };
    const res = {
      status(code: number) {
        out.status = code;
        return res;
      },
      setHeader(name: string, value: string | string[]) {
        out.headers.set(name.toLowerCase(), value);
        return res;
      },
      getHeader: (name: string) => out.headers.get(name.toLowerCase()),
      send(body: unknown) {
        out.body = body;
      },
      json(body: unknown) {
        out.body = body;
      },
      end() {},
    };
    await NextAuth(req as unknown as NextApiRequest, res as unknown as NextApiResponse, this.options);

    const raw = out.headers.get("set-cookie") ?? [];
    const setCookies = Array.isArray(raw) ? raw : [raw];
    for (const line of setCookies) {
      const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = decodeURIComponent(pair.slice(eq + 1));
      const expired = attrs.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()));
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const location = out.headers.get("location");
    const jsonUrl = (out.body as { url?: unknown } | undefined)?.url;
    const redirect = typeof location === "string" ? location : typeof jsonUrl === "string" ? jsonUrl : null;
    return { status: out.status, redirect, body: out.body, setCookies };
  }

  async csrfToken(): Promise<string> {
    const res = await this.request("csrf");
    const token = (res.body as { csrfToken?: unknown } | undefined)?.csrfToken;
    if (typeof token !== "string") throw new Error("no CSRF token");
    return token;
  }

  /** What the login form does: POST /api/auth/callback/credentials. */
  async signInWithPassword(email: string, password: string, callbackUrl = "/"): Promise<AuthResult> {
    const csrfToken = await this.csrfToken();
    return this.request("callback/credentials", { method: "POST", body: { csrfToken, email, password, callbackUrl, json: "true" } });
  }

  /** The `?error=` of a redirect, as the login page would read it. */
  static errorOf(res: AuthResult): string | null {
    return res.redirect ? new URL(res.redirect, "http://x").searchParams.get("error") : null;
  }
}
