import type { QueryClient } from "@tanstack/react-query";
import { postQuery } from "./posts";

/**
 * The data a page renders first, fetched when a link to it shows intent (hover, focus, touch).
 *
 * A click renders the page from the browser's cache (the server reads nothing on a client
 * navigation). A post page whose post is not cached yet draws every panel's skeleton, and React
 * then holds the content back until 300 ms after them (its fallback throttle): a first visit
 * from the queue took ~400 ms. Started on intent, the post's one read runs beside the route's
 * own prefetch and the page draws at once. Fresh entries are not read again (30 s), and the
 * server answers from its gateway's cache, so a pointer sweeping over a table costs little.
 */
const PAGE_DATA: readonly { path: RegExp; prefetch: (qc: QueryClient, match: RegExpExecArray) => Promise<unknown> }[] = [
  { path: /^\/posts\/(\d{1,9})\/?$/, prefetch: (qc, m) => qc.prefetchQuery(postQuery(Number(m[1]))) },
];

/** Starts reading the first data of the page at `href` (an in-app path) when it is one we know; never throws. */
export function prefetchRouteData(qc: QueryClient, href: string): void {
  const path = href.split(/[?#]/, 1)[0] ?? "";
  for (const page of PAGE_DATA) {
    const match = page.path.exec(path);
    if (match) void page.prefetch(qc, match).catch(() => {});
  }
}
