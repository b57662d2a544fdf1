import "server-only";
import type { NextRouteHandler, RequestContext } from "@/lib/server/route";
import { withRequest } from "@/lib/server/route";
import type { Handler } from "@/lib/server/route/context";
import { limitShareRequest } from "./rate-limit";

/*
 * The wrapper of every token route (app/api/s/[token]/…), the only API a
 * share link opens. No session is read. Each request is counted against the
 * rate limits before anything else (a wrong token too), and every answer,
 * errors included, is kept out of caches, referrers and search engines.
 * The token never reaches a log: the route label masks it (route/metrics.ts
 * treats the segment after `/s/` as an id) and `state.user` names the link by
 * its public id only.
 */
const SHARE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export type TokenContext = RequestContext & { token: string };

function withShareHeaders(res: Response): Response {
  for (const [k, v] of Object.entries(SHARE_HEADERS)) res.headers.set(k, v);
  return res;
}

/** `export const GET = shareRoute(async ({ token, params }) => …)`; `cost`: points a request takes from the limits. */
export function shareRoute(handler: Handler<TokenContext>, cost = 1): NextRouteHandler {
  const inner = withRequest(async (ctx) => {
    const token = ctx.params.token ?? "";
    await limitShareRequest(ctx.req, token, cost);
    return handler({ ...ctx, token });
  });
  return async (req, next) => withShareHeaders(await inner(req, next));
}
