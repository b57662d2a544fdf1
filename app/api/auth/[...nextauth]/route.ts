// GET/POST /api/auth/* – next-auth: sign-in (credentials, oidc), callbacks, session, CSRF, sign-out;
// the body limited before next-auth parses it, and its errors answered in the envelope (a refused
// sign-in saying why, in the person's language)
import NextAuth from "next-auth";
import { getTranslations } from "next-intl/server";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/server/auth/options";
import { sayWhy } from "@/lib/server/auth/sign-in-answer";
import { AUTH_BODY_LIMIT } from "@/lib/edge/limits.mjs";
import { ApiError, errorResponse, text, toApiError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { readBodyLimited } from "@/lib/server/route/read-body";
import { inEnvelope } from "@/lib/server/route/respond";

type AuthRouteContext = { params: Promise<{ nextauth: string[] }> };

const nextAuth = NextAuth(authOptions);

async function auth(req: NextRequest, ctx: AuthRouteContext): Promise<Response> {
  // next-auth's browser-side log relay calls `logger[level]` with a level the
  // sender chooses (a TypeError for an unknown one). Nobody reads browser logs
  // on the server, so the relay is answered without passing anything on.
  if (req.nextUrl.pathname === "/api/auth/_log") return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  // The credentials callback takes a posted form only; next-auth fails a GET of it with a 500.
  if (req.method !== "POST" && req.nextUrl.pathname === "/api/auth/callback/credentials") return errorResponse(new ApiError("method_not_allowed"), { Allow: "POST" });
  try {
    const request = req.method === "POST" ? await withLimitedBody(req) : req;
    return await inEnvelope(await sayWhy(await nextAuth(request, ctx), translator));
  } catch (e) {
    const err = toApiError(e);
    if (err.status >= 500) log.error("next-auth failed", { method: req.method, path: req.nextUrl.pathname.slice(0, 200), error: e instanceof Error ? e.message : String(e) });
    return errorResponse(err);
  }
}

/**
 * The same request with its body read under the limit (16 KB, as at the
 * edge), before next-auth reads it whole. A JSON body must be an object:
 * next-auth would otherwise fail on it with a 500.
 */
async function withLimitedBody(req: NextRequest): Promise<NextRequest> {
  const body = await readBodyLimited(req, AUTH_BODY_LIMIT);
  if (/application\/json/i.test(req.headers.get("content-type") ?? "")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(body));
    } catch {
      throw new ApiError("validation_error", text("validation.bodyNotJson"));
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new ApiError("validation_error", text("validation.bodyNotObject"));
  }
  return new NextRequest(req.url, { method: req.method, headers: req.headers, body });
}

/** The `auth` messages in the request's language (cookie), for a refusal's text. */
async function translator() {
  const t = await getTranslations("auth");
  return (key: string, values?: Record<string, number>) => t(key as never, values as never);
}

// Without these Next would answer other methods with an empty 405.
const wrongMethod = async () => errorResponse(new ApiError("method_not_allowed"), { Allow: "GET, HEAD, POST, OPTIONS" });

export { auth as GET, auth as POST, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
