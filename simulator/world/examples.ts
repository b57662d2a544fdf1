// Notable ids of the current world (GET /__admin/examples). Post ids depend on the seed and on
// the start moment (the world is laid out relative to it), so tests should look them up here
// or via the API rather than hard-code them.

import type { World } from "./state";
import { POST_STATUSES, POST_TYPES, type Post } from "./types";

const activeLength = (p: Post): number => (p.versions.find((v) => v.isActive)?.text.length ?? 0);

export function examples(w: World): Record<string, unknown> {
  const posts = w.posts;
  const first = (pred: (p: Post) => boolean, n = 5): number[] => posts.filter(pred).slice(0, n).map((p) => p.id);
  const published = (p: Post): boolean => p.status === "PUBLISHED" || p.status === "PARTIALLY_PUBLISHED";
  return {
    campaigns_without_published_posts: w.campaigns.filter((c) => !w.campaignPosts(c.id).some(published)).map((c) => c.id),
    campaigns_with_many_waiting: w.campaigns
      .map((c) => ({ id: c.id, status: c.status, waiting_approval: w.campaignPosts(c.id).filter((p) => p.status === "WAITING_APPROVAL").length }))
      .filter((c) => c.waiting_approval >= 15),
    published_post_of_type: Object.fromEntries(POST_TYPES.map((t) => [t, first((p) => p.postType === t && published(p) && p.engagement !== null, 3)])),
    waiting_post_of_type: Object.fromEntries(POST_TYPES.map((t) => [t, first((p) => p.postType === t && p.status === "WAITING_APPROVAL", 3)])),
    post_in_status: Object.fromEntries(POST_STATUSES.map((s) => [s, first((p) => p.status === s, 3)])),
    many_versions: posts.filter((p) => p.versions.length >= 7).slice(0, 8).map((p) => ({ task_id: p.id, versions: p.versions.length, status: p.status })),
    long_texts: posts.filter((p) => activeLength(p) > 3000).slice(0, 8).map((p) => ({ task_id: p.id, length: activeLength(p), status: p.status })),
    partially_published: first((p) => p.status === "PARTIALLY_PUBLISHED"),
    null_updated_at: first((p) => p.updatedAt === null),
    null_published_at: first((p) => p.publishedAt === null),
  };
}
