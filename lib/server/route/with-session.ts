import "server-only";
import { can, type Permission } from "@/lib/auth/roles";
import { getSessionUser } from "@/lib/server/auth/session";
import { ApiError } from "@/lib/server/errors";
import type { Handler, NextRouteHandler, RequestContext, SessionContext } from "./context";
import { withRequest } from "./with-request";

/** The signed-in person, or 401: every dashboard route but health, metrics and webhooks. */
export function requireSession(handler: Handler<SessionContext>): Handler<RequestContext> {
  return async (ctx) => {
    const session = await getSessionUser(ctx.req);
    if (!session) throw new ApiError("unauthorized");
    ctx.state.user = session.email;
    return handler({ ...ctx, session });
  };
}

/** 403 unless the person's role grants the permission (roles.ts is the one table). */
function requirePermission(permission: Permission, handler: Handler<SessionContext>): Handler<SessionContext> {
  return async (ctx) => {
    if (!can(ctx.session.role, permission)) throw new ApiError("forbidden");
    return handler(ctx);
  };
}

/** `export const GET = withSession(async ({ params, query, session }) => …)` */
export function withSession(handler: Handler<SessionContext>): NextRouteHandler {
  return withRequest(requireSession(handler));
}

/** `export const POST = withPermission("decide", sameOrigin(async (ctx) => …))` */
export function withPermission(permission: Permission, handler: Handler<SessionContext>): NextRouteHandler {
  return withRequest(requireSession(requirePermission(permission, handler)));
}
