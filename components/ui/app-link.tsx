"use client";

import Link from "next/link";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { useContext, type ComponentProps, type ComponentType, type FocusEvent, type MouseEvent, type TouchEvent } from "react";
import { usePrefetchReady } from "./use-prefetch-ready";

type LinkProps = ComponentProps<typeof Link>;
type PrefetchKind = NonNullable<Parameters<AppRouterInstance["prefetch"]>[1]>["kind"];

// `next/link` is typed as the Pages Router's Link; in the App Router the bundler gives the
// app-dir Link, which also takes `unstable_dynamicOnHover`.
const AppRouterLink = Link as ComponentType<LinkProps & { unstable_dynamicOnHover?: boolean }>;

/** The whole page (not only its shell): what a click right after will render from. */
const FULL = "full" as PrefetchKind;

/**
 * An in-app link that prefetches the way a dashboard is used.
 * - By default only on intent: hover, focus or touch prefetches the whole page,
 *   so the click renders without waiting for the server. A table page has
 *   dozens of links in view (a campaign row alone links to the campaign, its
 *   queue, its engagement, its project and its inbox); prefetching each as it
 *   appeared was ~40 server renders per page view and a phone's main thread
 *   busy decoding them.
 * - `eager`: the few likely next pages (the header's sections) also prefetch
 *   their shell while in view, once the page has loaded and the browser is
 *   first idle (use-prefetch-ready.ts), and the whole page on hover.
 */
export function AppLink({ eager = false, ...props }: LinkProps & { eager?: boolean }) {
  return eager ? <EagerLink {...props} /> : <IntentLink {...props} />;
}

/** Prefetches its shell while in view once the page is idle, and the whole page on hover. */
function EagerLink(props: LinkProps) {
  const ready = usePrefetchReady();
  return <AppRouterLink unstable_dynamicOnHover {...props} prefetch={ready ? props.prefetch : false} />;
}

/** Prefetches the whole page on hover, focus or touch only (no subscription to the page's idleness: a table has dozens). */
function IntentLink(props: LinkProps) {
  // The router as next/link itself reads it: absent (null) outside the app router, e.g. in component
  // tests, where useRouter() would throw; then a hover simply prefetches nothing.
  const router = useContext(AppRouterContext);
  const href = typeof props.href === "string" ? props.href : null;
  const intent = () => {
    if (router && href !== null && props.prefetch !== false) router.prefetch(href, { kind: FULL });
  };
  return (
    <AppRouterLink
      {...props}
      prefetch={false}
      onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
        props.onMouseEnter?.(e);
        intent();
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        props.onTouchStart?.(e);
        intent();
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        props.onFocus?.(e);
        intent();
      }}
    />
  );
}
