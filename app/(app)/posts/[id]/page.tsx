import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { CommentsThread } from "@/components/collab/comments-thread";
import { PresenceLine } from "@/components/collab/presence-line";
import { SignoffNotice } from "@/components/collab/signoff-notice";
import { VerdictPanel } from "@/components/collab/verdict-panel";
import { MediaPanel } from "@/components/media/media-panel";
import { DecisionHistory } from "@/components/post/decision-history";
import { DecisionPanel } from "@/components/post/decision-panel";
import { EngagementSummary } from "@/components/post/engagement-summary";
import { PostOverLimit } from "@/components/post/over-limit-flag";
import { PanelSkeleton } from "@/components/post/panel-skeleton";
import { PlatformPreviews } from "@/components/post/platform-previews";
import { Panel, SummaryBoundary } from "@/components/post/post-panels";
import { PostNotFound } from "@/components/post/post-not-found";
import { PostSummary } from "@/components/post/post-summary";
import { PostText } from "@/components/post/post-text";
import { PostTimeline } from "@/components/post/post-timeline";
import { ShareButton } from "@/components/share/share-button";
import { PublishRecords } from "@/components/post/publish-records";
import { VersionsPanel } from "@/components/post/versions-panel";
import { getCurrentUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/roles";
import { campaignQuery } from "@/lib/queries/campaigns";
import { commentsKey, verdictsKey } from "@/lib/queries/collab";
import { postDecisionsKey } from "@/lib/queries/decisions";
import { postKey } from "@/lib/queries/posts";
import { BrowserOnly } from "@/lib/queries/browser-only";
import { getServerQueryClient, prefetched } from "@/lib/queries/server-query-client";
import { IdParam } from "@/lib/schemas";
import { decisionsForPost } from "@/lib/server/audit";
import { listComments } from "@/lib/server/collab/comments";
import { postVerdicts } from "@/lib/server/collab/verdicts";
import { toApiError } from "@/lib/server/errors";
import { service } from "@/lib/server/upstream-service";
import { PageSkeleton } from "@/components/ui/page-skeleton";
import { isClientNavigation } from "@/lib/server/render/client-navigation";
import { Prefetch } from "./prefetch";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations("review.post");
  const parsed = IdParam.safeParse((await params).id);
  return { title: parsed.success ? t("title", { id: parsed.data }) : t("titleUnknown") };
}

/**
 * The post page. The post itself is fetched here (every panel but two reads
 * it, and a missing post is a 404 page, not a dozen panel errors); the
 * campaign's channels and the decision history stream in their own Suspense
 * boundaries. Panels share the post through one query key.
 */
export default async function PostPage({ params }: Props) {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  // Always behind one Suspense boundary, unlike the list pages (PrefetchFirst): the page's panels
  // are Suspense boundaries of their own (QueryBoundary, for the browser's useSuspenseQuery), and
  // outside an enclosing boundary the server streamed them apart and revealed the summary after the
  // columns below it were drawn (one Lighthouse run measured CLS 0.72). Inside one, they appear together.
  return (
    <Suspense fallback={<PageSkeleton />}>
      <PostPageBody id={parsed.data} />
    </Suspense>
  );
}

/**
 * The post and its campaign, read on the request's client: its campaign id, or the upstream's 404
 * message, or null when it could not be read (the panels then fetch again in the browser and show
 * their own error states).
 */
async function readPost(id: number): Promise<{ campaignId: number } | { notFound: string } | null> {
  const client = getServerQueryClient();
  try {
    // One call: the gateway already retries the upstream and serves stale data when it can.
    const post = await client.fetchQuery({ queryKey: postKey(id), queryFn: () => service.post(id, "interactive"), retry: false });
    // The campaign (its channels) goes into the same first hydration as the post: a panel that
    // subscribes to it early (the over-limit flag) would otherwise create the entry empty, a later
    // hydration of it would wait for an effect the server never runs, and the previews would
    // fetch during the server render, fail, and be drawn again in the browser from scratch.
    const ofPost = post.data.campaign_id;
    await client.prefetchQuery({ queryKey: campaignQuery(ofPost).queryKey, queryFn: () => service.campaign(ofPost, "interactive"), retry: false });
    return { campaignId: ofPost };
  } catch (e) {
    const error = toApiError(e);
    return error.status === 404 ? { notFound: error.message } : null;
  }
}

async function PostPageBody({ id }: { id: number }) {
  const [t, user] = await Promise.all([getTranslations("review.post"), getCurrentUser()]);

  const client = getServerQueryClient();
  let campaignId: number | null = null;
  // A click in the app renders at once from the browser's cache; a first load reads the post here
  // and its campaign (for the 404 page and the previews' channels) — see isClientNavigation.
  if (!(await isClientNavigation())) {
    const read = await readPost(id);
    if (read && "notFound" in read) return <PostNotFound message={read.notFound} heading />;
    campaignId = read?.campaignId ?? null;
  }
  const canDecide = user !== null && can(user.role, "decide");
  const me = user?.email ?? "";
  const tc = await getTranslations("collab");
  const canVerdict = user !== null && can(user.role, "verdict");
  const canShare = user !== null && can(user.role, "share:manage");

  const previews = (
    <Panel title={t("panels.previews")} id="previews" lines={6}>
      <PlatformPreviews id={id} />
    </Panel>
  );
  const history = (
    <Panel title={t("panels.history")} id="history">
      <DecisionHistory id={id} />
    </Panel>
  );

  const page = (
    <div className="space-y-6">
      <SummaryBoundary>
        <PostSummary id={id} />
      </SummaryBoundary>
      <PresenceLine id={id} me={me} />
      {/* A link for people without an account to read and decide this post (editors, admins). */}
      {canShare && (
        <div className="flex justify-end">
          <ShareButton target={{ task_id: id }} />
        </div>
      )}
      {/* On phones the columns dissolve (display: contents) into one flex column, so the
          decision panel can come first; from lg up, two columns. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="contents min-w-0 lg:col-span-2 lg:block lg:space-y-6">
          <Panel title={t("panels.text")} id="text">
            <PostText id={id} />
          </Panel>
          <Panel title={t("panels.media")} id="media" lines={6}>
            <MediaPanel id={id} />
          </Panel>
          <Panel title={t("panels.versions")} id="versions" lines={6}>
            <VersionsPanel id={id} />
          </Panel>
          {campaignId === null || prefetched(campaignQuery(campaignId).queryKey, client) ? (
            previews
          ) : (
            // The campaign could not be read: the previews fetch it in the browser, with their own error state.
            <BrowserOnly fallback={<PanelSkeleton title={t("panels.previews")} lines={6} />}>{previews}</BrowserOnly>
          )}
          <Panel title={t("panels.records")} id="records">
            <PublishRecords id={id} />
          </Panel>
          <Suspense fallback={<PanelSkeleton title={tc("comments.title")} />}>
            <Prefetch queryKey={commentsKey(id)} queryFn={async () => ({ items: await listComments(id) })} fallback={<PanelSkeleton title={tc("comments.title")} />}>
              <Panel title={tc("comments.title")} id="comments">
                <CommentsThread id={id} me={me} />
              </Panel>
            </Prefetch>
          </Suspense>
        </div>
        <div className="contents min-w-0 lg:block lg:space-y-6">
          {canDecide && (
            <Panel title={t("panels.decision")} id="decision" lines={2} className="order-first lg:order-none">
              <PostOverLimit id={id} />
              <SignoffNotice id={id} />
              <DecisionPanel id={id} />
            </Panel>
          )}
          <Suspense fallback={<PanelSkeleton title={tc("verdicts.title")} />}>
            <Prefetch queryKey={verdictsKey(id)} queryFn={() => postVerdicts(id)} fallback={<PanelSkeleton title={tc("verdicts.title")} />}>
              <Panel title={tc("verdicts.title")} id="verdicts">
                <VerdictPanel id={id} me={me} canGive={canVerdict} />
              </Panel>
            </Prefetch>
          </Suspense>
          <Panel title={t("panels.timeline")} id="timeline" lines={4}>
            <PostTimeline id={id} />
          </Panel>
          <Panel title={t("panels.engagement")} id="engagement" lines={5}>
            <EngagementSummary id={id} />
          </Panel>
          <Suspense fallback={<PanelSkeleton title={t("panels.history")} />}>
            <Prefetch
              queryKey={postDecisionsKey(id)}
              queryFn={async () => ({ items: await decisionsForPost(id) })}
              fallback={<PanelSkeleton title={t("panels.history")} />}
            >
              {history}
            </Prefetch>
          </Suspense>
        </div>
      </div>
    </div>
  );
  return (
    <HydrationBoundary state={dehydrate(client)}>
      {/* Without the post, every panel's query would run in the server render (relative URLs, no
          cookies): render them in the browser only, where they fetch and show their own states. */}
      {campaignId === null ? <BrowserOnly fallback={<PageSkeleton />}>{page}</BrowserOnly> : page}
    </HydrationBoundary>
  );
}
