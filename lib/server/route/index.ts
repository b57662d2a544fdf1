import "server-only";
export type { Handler, NextRouteHandler, RequestContext, SessionContext } from "./context";
export { withRequest } from "./with-request";
export { withSession, withPermission } from "./with-session";
export { sameOrigin, isSameOrigin } from "./same-origin";
export { parseId, parseQuery, parseJsonBody } from "./input";
export { dataJson, json, NO_STORE } from "./respond";
export { decisionRoute } from "./decision-route";
