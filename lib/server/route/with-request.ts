import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { localeOfRequest, withRequestLocale } from "@/lib/server/request-locale";
import { ApiError, errorResponse, toApiError } from "@/lib/server/errors";
import { log, withLogContext } from "@/lib/server/log";
import type { Handler, NextRouteContext, NextRouteHandler, RequestContext } from "./context";
import { countRequest, routeLabel } from "./metrics";
import { installUnknownValueLogger } from "./unknown-values";

const REQUEST_ID_HEADER = "X-Request-Id";
// An id from a trusted proxy is kept so logs line up end to end; anything odd is replaced.
const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The outermost wrapper: a request id, one access-log line (method, route,
 * status, duration, user), request metrics, and the one place where a thrown
 * error becomes the error envelope, in the request's language. Unexpected errors are logged in full and
 * answered with a generic 500. Everything the handler logs carries the request id.
 */
export function withRequest(handler: Handler<RequestContext>): NextRouteHandler {
  return async (req: NextRequest, next: NextRouteContext) => {
    installUnknownValueLogger();
    const started = performance.now();
    const incoming = req.headers.get(REQUEST_ID_HEADER);
    const requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    const route = routeLabel(req.nextUrl.pathname);
    const state: RequestContext["state"] = {};

    // The answer's texts (the error envelope) in the person's language: cookie, then Accept-Language.
    return withRequestLocale(localeOfRequest(req), () => withLogContext({ requestId }, async () => {
      let response: Response;
      let failure: ApiError | undefined;
      try {
        const params = await resolveParams(next);
        const priority = req.headers.get("x-priority") === "background" ? "background" : "interactive";
        response = await handler({ req, params, query: req.nextUrl.searchParams, requestId, priority, state });
      } catch (e) {
        failure = toApiError(e);
        if (failure.code === "internal_error") {
          log.error("unexpected failure", { method: req.method, route, error: e instanceof Error ? e : String(e), stack: e instanceof Error ? e.stack : undefined });
        }
        response = errorResponse(failure);
      }

      response.headers.set(REQUEST_ID_HEADER, requestId);
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      countRequest(req.method, route, response.status, durationMs);
      const fields = { method: req.method, route, status: response.status, durationMs, user: state.user, code: failure?.code };
      if (response.status >= 500) log.warn("request", fields);
      else log.info("request", fields);
      return response;
    }));
  };
}

async function resolveParams(next: NextRouteContext | undefined): Promise<Record<string, string>> {
  const raw = (await next?.params) ?? {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (typeof v === "string") out[k] = v;
  return out;
}
