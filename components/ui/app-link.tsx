"use client";

import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { QueryClientContext } from "@tanstack/react-query";
import { useContext, useEffect, useRef, useTransition, type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent } from "react";
import { prefetchRouteData } from "@/lib/queries/route-data";
import { usePrefetchReady } from "./use-prefetch-ready";

/** An anchor's props with the in-app path as a string, and the navigation options the links here use. */
type LinkProps = Omit<ComponentProps<"a">, "href"> & { href: string; prefetch?: boolean | null; replace?: boolean; scroll?: boolean };
type PrefetchKind = NonNullable<Parameters<AppRouterInstance["prefetch"]>[1]>["kind"];

/** The whole page (not only its shell): what a click right after will render from. */
const FULL = "full" as PrefetchKind;

/**
 * An in-app link that prefetches the way a dashboard is used.
 * - By default only on intent: hover, focus or touch prefetches the whole page
 *   and the data it draws first (lib/queries/route-data.ts), so the click
 *   renders without waiting for the server. A table page has
 *   dozens of links in view (a campaign row alone links to the campaign, its
 *   queue, its engagement, its project and its inbox); prefetching each as it
 *   appeared was ~40 server renders per page view and a phone's main thread
 *   busy decoding them.
 * - `eager`: the few likely next pages (the header's sections) prefetch the
 *   whole page while in view, once the page has loaded and the browser is
 *   first idle (use-prefetch-ready.ts).
 */
export function AppLink({ eager = false, ...props }: LinkProps & { eager?: boolean }) {
  return eager ? <EagerLink {...props} /> : <IntentLink {...props} />;
}

/**
 * A thin bar along the top of the window while the page a link opened is on its way (drawn by
 * globals.css's `.nav-pending`, only after 150 ms). Pages have no route-level loading skeleton:
 * a skeleton shown for even a moment makes React hold the content back until 300 ms after it
 * (its fallback throttle), so every first visit took ~350 ms where the page was ready in ~80.
 * The current page stays until the next is ready; the bar says a slow one is coming.
 */
function PendingMark() {
  return <span aria-hidden="true" className="nav-pending" data-testid="nav-pending" />;
}

/**
 * Prefetches the whole page while in view once the page is idle. The whole page, not its shell:
 * a shell holds the page's Suspense fallbacks, and a click rendered from it showed a skeleton,
 * after which React holds the content back for 300 ms. A prefetch is a client navigation, so
 * the server renders it without reading any data (the browser's cache answers for that): five
 * small responses per page view. An intent link with an observer, not next/link, which would
 * bring its own code and components into every page's first load for these few links.
 */
function EagerLink(props: LinkProps) {
  const ready = usePrefetchReady();
  const router = useContext(AppRouterContext);
  const anchor = useRef<HTMLAnchorElement>(null);
  const { href, prefetch } = props;
  useEffect(() => {
    const el = anchor.current;
    if (!ready || !router || prefetch === false || !el) return;
    if (typeof IntersectionObserver === "undefined") return void router.prefetch(href, { kind: FULL });
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      router.prefetch(href, { kind: FULL });
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [ready, router, href, prefetch]);
  return <IntentLink {...props} ref={anchor} />;
}

/**
 * Prefetches the whole page and its first data on hover, focus or touch only (no subscription to
 * the page's idleness: a table has dozens). A plain anchor that navigates in the app on a plain
 * click, not next/link: a Link is several components and effects of its own, and a table page's
 * hydration drew ~100 of them (the campaigns page: ~400 of its ~530 components were its links).
 * A click with a modifier key, another button or a target still opens the browser's way.
 */
function IntentLink({ href, children, prefetch, replace = false, scroll = true, onClick, onMouseEnter, onTouchStart, onFocus, ...rest }: LinkProps) {
  // The router and the query cache as read from context: absent (null) outside the app router or a
  // query provider, e.g. in component tests, where the hooks would throw; a hover then prefetches nothing.
  const router = useContext(AppRouterContext);
  const queryClient = useContext(QueryClientContext);
  // Pending while the page it opened is on its way (the router's navigation is a transition).
  const [pending, startNavigation] = useTransition();
  const intent = () => {
    if (prefetch === false) return;
    router?.prefetch(href, { kind: FULL });
    if (queryClient) prefetchRouteData(queryClient, href);
  };
  return (
    <a
      {...rest}
      href={href}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (e.defaultPrevented || !router || !opensHere(e)) return;
        e.preventDefault();
        startNavigation(() => (replace ? router.replace(href, { scroll }) : router.push(href, { scroll })));
      }}
      onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
        onMouseEnter?.(e);
        intent();
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(e);
        intent();
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(e);
        intent();
      }}
    >
      {children}
      {pending && <PendingMark />}
    </a>
  );
}

/** A plain left click on a link that opens in this tab: the app navigates; anything else is the browser's. */
function opensHere(e: MouseEvent<HTMLAnchorElement>): boolean {
  const target = e.currentTarget.getAttribute("target");
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && (!target || target === "_self") && !e.currentTarget.hasAttribute("download");
}
