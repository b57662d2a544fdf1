// POST /api/webhooks/post – a Post notification (Bearer WEBHOOK_SECRET): drops the cached post, brings its campaign's lists up to date, tells open pages; 202
import { env } from "@/lib/env";
import { Post } from "@/lib/schemas";
import { ApiError, text } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { json, parseJsonBody, withRequest } from "@/lib/server/route";
import { bearerMatches } from "@/lib/server/route/bearer";
import { publishEvent } from "@/lib/server/events";
import { service } from "@/lib/server/upstream-service";

export const POST = withRequest(async ({ req, requestId }) => {
  const secret = env().WEBHOOK_SECRET;
  if (!secret) throw new ApiError("not_found");
  if (!bearerMatches(req.headers.get("authorization"), secret)) throw new ApiError("unauthorized", text("misc.badWebhookSecret"));
  const post = await parseJsonBody(req, Post);
  // Awaited (whether or not it returns a promise): a page told of the change must not refetch the old copy.
  // The notification carries the post: its campaign's mirror takes it as it is (every list and the inbox
  // show it before the events below go out), and the mirror's scheduler refreshes that campaign at once.
  await service.invalidatePost(post.task_id, post.campaign_id, { post });
  publishEvent({ type: "post", task_id: post.task_id, campaign_id: post.campaign_id, status: post.status, reason: "webhook" });
  publishEvent({ type: "campaign", campaign_id: post.campaign_id, reason: "webhook" });
  log.info("post notification accepted", { requestId, taskId: post.task_id, campaignId: post.campaign_id, status: post.status });
  return json({ accepted: true, task_id: post.task_id }, { status: 202 });
});
