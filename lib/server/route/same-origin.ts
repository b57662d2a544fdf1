import "server-only";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/errors";
import type { Handler, RequestContext } from "./context";

/**
 * Refuses writes that a page on another site could have sent with the
 * person's cookie. Accepted: `Origin` equal to NEXTAUTH_URL's origin or the
 * request's own origin, or (without Origin) `Sec-Fetch-Site: same-origin`.
 * A request carrying neither header is refused: every browser sends at least
 * one on a cross-site POST, so only non-browser clients lack both, and those
 * have no business posting with a session cookie.
 */
export function isSameOrigin(req: Request & { nextUrl?: URL }): boolean {
  const origin = req.headers.get("origin");
  if (origin && origin !== "null") {
    const allowed = new Set([new URL(env().NEXTAUTH_URL).origin, ownOrigin(req)]);
    return allowed.has(origin);
  }
  return req.headers.get("sec-fetch-site") === "same-origin";
}

function ownOrigin(req: Request & { nextUrl?: URL }): string {
  return (req.nextUrl ?? new URL(req.url)).origin;
}

export function sameOrigin<C extends RequestContext>(handler: Handler<C>): Handler<C> {
  return async (ctx) => {
    if (!isSameOrigin(ctx.req)) throw new ApiError("cross_site");
    return handler(ctx);
  };
}
