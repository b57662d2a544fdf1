"use client";

import Link from "next/link";
import type { ComponentProps, ComponentType } from "react";
import { usePrefetchReady } from "./use-prefetch-ready";

type LinkProps = ComponentProps<typeof Link>;

// `next/link` is typed as the Pages Router's Link; in the App Router the bundler gives the
// app-dir Link, which also takes `unstable_dynamicOnHover`.
const AppRouterLink = Link as ComponentType<LinkProps & { unstable_dynamicOnHover?: boolean }>;

/**
 * An in-app link that prefetches the way a dashboard is used: while in view, the
 * route's shell up to its loading state; on hover or focus, the whole page, so
 * the click renders without waiting for the server. Not while the page itself
 * is still loading (use-prefetch-ready.ts): its hydration and data come first.
 */
export function AppLink(props: LinkProps) {
  const ready = usePrefetchReady();
  return <AppRouterLink unstable_dynamicOnHover {...props} prefetch={ready ? props.prefetch : false} />;
}
