import { dehydrate, HydrationBoundary, type QueryKey } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { toLocale } from "@/i18n/config";
import { Suspense, type ReactNode } from "react";
import { postChecksEntry } from "@/lib/server/checks/prefetch";
import { CommentsThread } from "@/components/collab/comments-thread";
import { VerdictPanel } from "@/components/collab/verdict-panel";
import { DecisionHistory } from "@/components/post/decision-history";
import { PanelSkeleton } from "@/components/post/panel-skeleton";
import { PostPageLayout } from "@/components/post/post-page-layout";
import { Panel } from "@/components/post/post-panels";
import { PostNotFound } from "@/components/post/post-not-found";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { can } from "@/lib/auth/roles";
import { campaignQuery } from "@/lib/queries/campaigns";
import { commentsKey, presenceKey, verdictsKey } from "@/lib/queries/collab";
import { postDecisionsKey } from "@/lib/queries/decisions";
import { postKey } from "@/lib/queries/posts";
import { BrowserOnly } from "@/lib/queries/browser-only";
import { getServerQueryClient, prefetched, prefetchEntries, type PrefetchEntry } from "@/lib/server/queries/server-query-client";
import { IdParam } from "@/lib/schemas";
import { decisionsForPost } from "@/lib/server/audit";
import { listComments } from "@/lib/server/collab/comments";
import { viewers } from "@/lib/server/collab/presence";
import { postVerdicts } from "@/lib/server/collab/verdicts";
import { toApiError } from "@/lib/server/errors";
import { service } from "@/lib/server/upstream-service";
import { freshenPostPage } from "@/lib/server/scheduler/freshen";
import { HEAD_START_MS, settlesWithin } from "@/lib/server/render/prefetch";
import { PageSkeleton } from "@/components/ui/page-skeleton";
import { isClientNavigation } from "@/lib/server/render/client-navigation";
import { ReadOnServer } from "./prefetch";
import { withPageMessages } from "@/components/shell/page-messages";
import { linkedMessengers } from "@/lib/server/messengers/on-request";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations("review.post");
  const parsed = IdParam.safeParse((await params).id);
  return { title: parsed.success ? t("title", { id: parsed.data }) : t("titleUnknown") };
}

/**
 * The post page. The post itself is fetched here (every panel but two reads
 * it, and a missing post is a 404 page, not a dozen panel errors), with the
 * comments, verdicts and decisions of the dashboard's own database beside it.
 * Panels share the post through one query key.
 */
async function PostPage({ params }: Props) {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const id = parsed.data;
  // A click in the app reads nothing here and renders at once from the browser's cache: no page
  // skeleton in between (one shown even for a moment makes React hold the page for 300 ms).
  if (await isClientNavigation()) return <PostPageBody id={id} read={null} />;
  // A first load waits up to HEAD_START_MS for the post and then puts the whole page into the
  // HTML's first part. Behind a Suspense boundary the page (far over React's 12.8 kB progressive
  // chunk) was streamed as a separate part and revealed 300 ms after the first paint, which made
  // the largest paint wait for the scripts. A slower read streams in behind the skeleton.
  const read = readPost(id);
  if (await settlesWithin(read, HEAD_START_MS)) return <PostPageBody id={id} read={read} />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <PostPageBody id={id} read={read} />
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
  // The comments, verdicts and decisions come from the dashboard's database, read beside the post:
  // their panels then render with the rest (one streamed later in the right column moved the
  // panels below it), and the presence line and sign-off notice, which read them too, do not
  // fetch them again in the browser.
  const ours = getCurrentUser()
    .catch(() => null) // without the person, only their viewers are left to the browser
    .then((user) => prefetchEntries(ownReads(id, user?.email ?? null), client));
  try {
    // One call: the gateway already retries the upstream and serves stale data when it can.
    // Opened or reloaded: its campaign's mirror first, so a change made upstream seconds ago is shown.
    const post = await client.fetchQuery({ queryKey: postKey(id), queryFn: () => freshenPostPage(service, id).then(() => service.post(id, "interactive")), retry: false });
    // The campaign (its channels) goes into the same first hydration as the post: a panel that
    // subscribes to it early (the over-limit flag) would otherwise create the entry empty, a later
    // hydration of it would wait for an effect the server never runs, and the previews would
    // fetch during the server render, fail, and be drawn again in the browser from scratch.
    const ofPost = post.data.campaign_id;
    // Beside it, the checks' report of the active version (database only; the checks panel and the
    // versions diff read it): handed over when at hand, else the browser asks (postChecksEntry).
    const checks = postChecksEntry(id, post.data.versions.find((v) => v.is_active)?.version_number ?? null);
    await Promise.all([
      client.prefetchQuery({ queryKey: campaignQuery(ofPost).queryKey, queryFn: () => service.campaign(ofPost, "interactive"), retry: false }),
      client.prefetchQuery({ ...checks, retry: false }),
    ]);
    return { campaignId: ofPost };
  } catch (e) {
    const error = toApiError(e);
    // In the page's language, as GET /api/posts/[id] answers it: the upstream's Russian words, or in English the code's own text.
    return error.status === 404 ? { notFound: error.messageIn(toLocale(await getLocale())) } : null;
  } finally {
    await ours;
  }
}

/** The panels' reads of the dashboard's own database, under the keys the browser's queries use. */
const ownReads = (id: number, email: string | null): PrefetchEntry[] => [
  { queryKey: commentsKey(id), queryFn: async () => ({ items: await listComments(id) }) },
  { queryKey: verdictsKey(id), queryFn: () => postVerdicts(id) },
  { queryKey: postDecisionsKey(id), queryFn: async () => ({ items: await decisionsForPost(id) }) },
  // Who else has the post open (GET /api/presence?task_id=): the presence line's first answer. A
  // person whose page announces itself after this read reaches the line through the event stream,
  // which replays what came after the render (see eventResumePoint).
  ...(email ? [{ queryKey: presenceKey({ task: id }), queryFn: () => viewers({ task_ids: [id] }, email) }] : []),
];

/** `read`: the first load's read of the post (readPost), null on a click in the app (see isClientNavigation). */
async function PostPageBody({ id, read }: { id: number; read: ReturnType<typeof readPost> | null }) {
  const [t, user, post] = await Promise.all([getTranslations("review.post"), getCurrentUser(), read]);
  if (post && "notFound" in post) return <PostNotFound message={post.notFound} heading />;

  const client = getServerQueryClient();
  const campaignId = post?.campaignId ?? null;
  const canDecide = user !== null && can(user.role, "decide");
  const me = user?.email ?? "";
  const tc = await getTranslations("collab");
  const canVerdict = user !== null && can(user.role, "verdict");
  const canShare = user !== null && can(user.role, "share:manage");
  // Two small reads of the dashboard's own database; a failure only hides the buttons.
  const sendTo = user ? await linkedMessengers(user.email).catch(() => []) : [];

  // A panel of the dashboard's own database (ownReads), rendered from the first load's read.
  const ownPanel = (queryKey: QueryKey, title: string, panelId: string, content: ReactNode) => (
    <ReadOnServer client={client} queryKey={queryKey} fallback={<PanelSkeleton title={title} />}>
      {(ready) => (
        <Panel title={title} id={panelId} ready={ready}>
          {content}
        </Panel>
      )}
    </ReadOnServer>
  );
  const page = (
    <PostPageLayout
      id={id}
      ready={campaignId !== null}
      me={me}
      canDecide={canDecide}
      canShare={canShare}
      sendTo={sendTo}
      previewsInBrowser={campaignId !== null && !prefetched(campaignQuery(campaignId).queryKey, client)}
      comments={ownPanel(commentsKey(id), tc("comments.title"), "comments", <CommentsThread id={id} me={me} />)}
      verdicts={ownPanel(verdictsKey(id), tc("verdicts.title"), "verdicts", <VerdictPanel id={id} me={me} canGive={canVerdict} />)}
      history={ownPanel(postDecisionsKey(id), t("panels.history"), "history", <DecisionHistory id={id} canDecide={canDecide} />)}
    />
  );
  return (
    <HydrationBoundary state={dehydrate(client)}>
      {/* Without the post, every panel's query would run in the server render (relative URLs, no
          cookies): render them in the browser only, where they fetch and show their own states. */}
      {campaignId === null ? <BrowserOnly fallback={<PageSkeleton />}>{page}</BrowserOnly> : page}
    </HydrationBoundary>
  );
}

export default withPageMessages(
  [
    "collab.comments",
    "collab.outcome",
    "collab.policy",
    "collab.presence",
    "collab.verdicts",
    "review.checks",
    "review.decision",
    "review.diff",
    "review.media",
    "review.platform",
    "review.post",
    "review.postType",
    "review.queue",
    "review.rejectCategory",
    "review.status",
    "review.triage",
    "share.manage",
  ],
  PostPage,
);
