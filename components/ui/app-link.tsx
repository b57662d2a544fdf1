import Link from "next/link";
import type { ComponentProps, ComponentType } from "react";

type LinkProps = ComponentProps<typeof Link>;

// `next/link` is typed as the Pages Router's Link; in the App Router the bundler gives the
// app-dir Link, which also takes `unstable_dynamicOnHover`.
const AppRouterLink = Link as ComponentType<LinkProps & { unstable_dynamicOnHover?: boolean }>;

/**
 * An in-app link that prefetches the way a dashboard is used: while in view, the
 * route's shell up to its loading state; on hover or focus, the whole page, so
 * the click renders without waiting for the server.
 */
export function AppLink(props: LinkProps) {
  return <AppRouterLink unstable_dynamicOnHover {...props} />;
}
