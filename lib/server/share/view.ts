import "server-only";
import type { DataResponse } from "@/lib/api/envelope";
import type { Post, PostDetail } from "@/lib/schemas";
import { sharedMedia, type SharedComment, type SharedLinkView, type SharedPost, type SharedPostSummary } from "@/lib/schemas/share";
import { listComments } from "@/lib/server/collab/comments";
import { service } from "@/lib/server/upstream-service";
import type { ShareLink } from "./store";
import { postOfLink, WAITING, waitingPostsOf } from "./access";

/*
 * What a visitor receives, built field by field from allow-lists
 * (lib/schemas/share.ts): the text, media links, platform previews (a
 * channel's platform and name), status and planned time. Never the upstream
 * object, never the team's own comments, emails or decision history.
 */
function summaryOf(post: Post | PostDetail): SharedPostSummary {
  return {
    task_id: post.task_id,
    text: post.text,
    status: String(post.status),
    post_type: String(post.post_type),
    planned_at: post.published_at,
    media: sharedMedia(post.media),
  };
}

/** Comments written through this same link: the team's own thread stays inside. */
async function sharedComments(link: ShareLink, taskId: number): Promise<SharedComment[]> {
  const all = await listComments(taskId, { sharedOnly: true });
  return all
    .filter((c) => c.share_link_id === link.id)
    .map((c) => ({ id: c.id, author: c.author_name, body: c.body, at: c.created_at, version: c.version }));
}

/** The opened post: the summary plus its active version, the campaign's channels as previews, and the link's comments. */
export async function sharedPostOf(link: ShareLink, post: PostDetail): Promise<SharedPost> {
  const [campaign, comments] = await Promise.all([service.campaign(post.campaign_id, "interactive"), sharedComments(link, post.task_id)]);
  return {
    ...summaryOf(post),
    version: post.versions.find((v) => v.is_active)?.version_number ?? null,
    channels: campaign.data.channels.map((c) => ({ platform: String(c.platform), name: c.name })),
    comments,
    can_decide: link.can_decide && post.status === WAITING,
  };
}

/** What GET /api/s/[token] answers (and the page renders first): the link's scope and its post(s). */
export async function linkView(link: ShareLink): Promise<DataResponse<SharedLinkView>> {
  const read = link.task_id !== null ? await postOfLink(link, link.task_id) : await waitingPostsOf(link);
  const posts = "post" in read ? [summaryOf(read.post)] : read.posts.map(summaryOf);
  return {
    data: { scope: link.task_id !== null ? "post" : "campaign", can_decide: link.can_decide, expires_at: link.expires_at, posts },
    meta: { stale: read.stale, fetchedAt: read.fetchedAt },
  };
}
