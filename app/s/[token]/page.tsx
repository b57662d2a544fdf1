import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LinkGone } from "@/components/share/link-gone";
import { ShareShell } from "@/components/share/share-shell";
import { SharedView } from "@/components/share/shared-view";
import { sharedViewKey } from "@/lib/queries/share";
import { prefetchEntries } from "@/lib/server/queries/server-query-client";
import { toApiError } from "@/lib/server/errors";
import { openLink } from "@/lib/server/share/access";
import { recordOpened } from "@/lib/server/share/opened";
import { limitShareRequest, shareClientAddress } from "@/lib/server/share/rate-limit";
import { linkView } from "@/lib/server/share/view";
import { withPageMessages } from "@/components/shell/page-messages";

/*
 * The page a share link opens: outside the signed-in (app) group, so no
 * header, no navigation, no session. proxy.ts lets exactly /s/<token> through
 * and adds no-store, no-referrer and noindex. The token is checked here (and
 * again by every API call the page makes); an unknown, expired or revoked
 * link goes to its own clear page (./gone, 404 or 410).
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("share.page");
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

type Props = { params: Promise<{ token: string }> };

const GONE: readonly string[] = ["not_found", "link_expired", "link_revoked", "link_stopped"];

async function SharePage({ params }: Props) {
  const { token } = await params;
  const request = { headers: await headers() };
  let link;
  try {
    await limitShareRequest(request, token);
    link = await openLink(token);
  } catch (e) {
    const error = toApiError(e);
    if (error.status === 429) {
      return (
        <ShareShell>
          <LinkGone reason="rate_limited" retryAfter={error.retryAfterSeconds} />
        </ShareShell>
      );
    }
    if (!GONE.includes(error.code)) throw e;
    // A React page cannot answer 410: the link's clear page is a route of its own (gone/route.ts).
    redirect(`/s/${token}/gone`);
  }
  // A failed read is left to the browser, which shows its own error state and tries again.
  const state = await prefetchEntries([{ queryKey: sharedViewKey(token), queryFn: () => linkView(link) }]);
  await recordOpened(link, shareClientAddress(request));
  return (
    <ShareShell>
      <HydrationBoundary state={state}>
        <SharedView token={token} />
      </HydrationBoundary>
    </ShareShell>
  );
}

export default withPageMessages(
  [
    "collab.comments",
    "review.checks",
    "review.diff",
    "review.media",
    "review.platform",
    "review.post",
    "review.status",
    "share.comments",
    "share.decision",
    "share.gone",
    "share.page",
    "share.post",
    "share.visitor",
  ],
  SharePage,
);
