/**
 * The request header by which the proxy tells a page render that it answers
 * the client router (a navigation or a link prefetch). Next 16 hides its own
 * `RSC` header from `headers()`; the proxy still sees it and always sets this
 * one ("1" or "0"), so a client cannot choose it.
 */
export const CLIENT_NAVIGATION_HEADER = "x-dashboard-client-navigation";

/** What the proxy writes for a request: whether the client router sent it. */
export function clientNavigationValue(requestHeaders: Headers): "1" | "0" {
  return requestHeaders.get("rsc") === "1" ? "1" : "0";
}
