import "server-only";
import { headers } from "next/headers";
import { CLIENT_NAVIGATION_HEADER } from "@/lib/edge/client-navigation";

/**
 * Whether this render answers the client router (a navigation or a link
 * prefetch: the request carries `RSC: 1`) rather than a first page load.
 *
 * Server prefetch exists to fill the first HTML. On a client navigation the
 * browser already holds a React Query cache: awaiting upstream reads here
 * would make every click wait for data the browser may have, and make every
 * link prefetch spend budget. So pages skip their data prefetch then, and
 * the panels read their cache (or fetch what they lack) in the browser.
 */
export async function isClientNavigation(): Promise<boolean> {
  // Not `RSC`: Next 16 hides it from `headers()`, so that read was always false (the proxy relays it).
  return (await headers()).get(CLIENT_NAVIGATION_HEADER) === "1";
}
