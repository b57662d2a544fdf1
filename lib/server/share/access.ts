import "server-only";
import type { Post, PostDetail } from "@/lib/schemas";
import { ApiError, text } from "@/lib/server/errors";
import { service } from "@/lib/server/upstream-service";
import { accessLostError } from "@/lib/server/access";
import { creatorStanding } from "./creator";
import { linkForToken, type ShareLink } from "./store";

/*
 * What a token opens, checked on every request: the link must exist (404,
 * the same answer as a wrong or malformed token, so nothing is learnt by
 * guessing), be neither revoked nor expired (410, a clear page), and the post
 * asked for must be the one it names, or, for a campaign link, one of that
 * campaign's posts waiting for approval right now (404 otherwise). Reads go
 * through the cached service: a campaign's waiting list is the same cached,
 * `since`-synced view the inbox refreshes, so visitors cost the budget
 * nothing beyond what the team already pays.
 */
export const WAITING = "WAITING_APPROVAL";
/** The inbox scheduler's view of a campaign's waiting posts (sort and page size), so both share one cache entry. */
const WAITING_VIEW = { status: [WAITING], sort: "publish_at", limit: 100, offset: 0 } as const;

const LINK_NOT_FOUND = text("share.linkNotFound");

function linkGone(link: ShareLink): ApiError {
  return link.status === "revoked"
    ? new ApiError("link_revoked", text("share.linkRevoked"), { status: 410 })
    : new ApiError("link_expired", text("share.linkExpired"), { status: 410 });
}

/** A link whose creator may no longer decide (removed, demoted, signed out everywhere by an admin): 410, without saying why to a visitor. */
const linkStopped = () => new ApiError("link_stopped", text("share.linkStopped"), { status: 410 });

/** The active link a token opens, or the 404/410 error (503 when its creator's standing cannot be read now). */
export async function openLink(token: string): Promise<ShareLink> {
  const link = await linkForToken(token);
  if (!link) throw new ApiError("not_found", LINK_NOT_FOUND);
  if (link.status !== "active") throw linkGone(link);
  const creator = await creatorStanding(link);
  if (!creator.ok) throw creator.loss === "unknown" ? accessLostError("unknown", link.created_by.name) : linkStopped();
  return link;
}

/** A campaign link's posts: that campaign's posts waiting for approval, soonest planned first. */
export async function waitingPostsOf(link: ShareLink): Promise<{ posts: Post[]; stale: boolean; fetchedAt: string }> {
  if (link.campaign_id === null) return { posts: [], stale: false, fetchedAt: new Date().toISOString() };
  const r = await service.campaignPosts(link.campaign_id, { ...WAITING_VIEW, status: [...WAITING_VIEW.status] }, "interactive");
  const posts = r.data.posts.filter((p) => p.status === WAITING && p.campaign_id === link.campaign_id);
  return { posts, stale: r.meta.stale, fetchedAt: r.meta.fetchedAt };
}

const POST_NOT_IN_LINK = text("share.postNotInLink");

/**
 * The post `taskId` if the link covers it, else 404. A post link: that post
 * only. A campaign link: the post must be in the campaign's waiting list and
 * its detail must name the campaign (both checked now, not when the link was made).
 */
export async function postOfLink(link: ShareLink, taskId: number): Promise<{ post: PostDetail; stale: boolean; fetchedAt: string }> {
  if (link.task_id !== null) {
    if (taskId !== link.task_id) throw new ApiError("not_found", POST_NOT_IN_LINK);
  } else {
    const { posts } = await waitingPostsOf(link);
    if (!posts.some((p) => p.task_id === taskId)) throw new ApiError("not_found", POST_NOT_IN_LINK);
  }
  const r = await service.post(taskId, "interactive");
  if (link.campaign_id !== null && r.data.campaign_id !== link.campaign_id) throw new ApiError("not_found", POST_NOT_IN_LINK);
  return { post: r.data, stale: r.meta.stale, fetchedAt: r.meta.fetchedAt };
}
