import "server-only";
import type { NextRequest } from "next/server";
import type { SessionUser } from "@/lib/auth/roles";
import type { Priority } from "@/lib/server/upstream-service";

/** What Next passes as the second argument of a route handler (params is a Promise since Next 15). */
export type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type NextRouteHandler = (req: NextRequest, ctx: NextRouteContext) => Promise<Response>;

/** Per-request facts every wrapper may read; `state` collects what the access log needs. */
export type RequestContext = {
  req: NextRequest;
  /** Raw path parameters; validate them with `parseId`. */
  params: Record<string, string>;
  /** Raw query; validate it with `parseQuery`. Unknown parameters are ignored there. */
  query: URLSearchParams;
  requestId: string;
  /** `X-Priority: background` marks a refresh nobody is waiting for; everything else is interactive. */
  priority: Priority;
  state: { user?: string };
};

export type SessionContext = RequestContext & { session: SessionUser };

export type Handler<C> = (ctx: C) => Promise<Response>;
