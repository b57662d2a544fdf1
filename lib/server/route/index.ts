import "server-only";
export type { Handler, NextRouteHandler, RequestContext, SessionContext } from "./context";
export { withRequest, REQUEST_ID_HEADER } from "./with-request";
export { withSession, withPermission, requireSession, requirePermission } from "./with-session";
export { sameOrigin, isSameOrigin } from "./same-origin";
export { parseId, parseQuery, parseJsonBody } from "./input";
export { dataJson, json, NO_STORE } from "./respond";
export { decisionRoute } from "./decision-route";
