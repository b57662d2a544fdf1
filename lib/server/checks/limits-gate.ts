import "server-only";
import type { PostDetail } from "@/lib/schemas";
import { ApiError, text } from "@/lib/server/errors";
import { overLimits, type OverLimit } from "@/lib/posts/over-limit";
import { campaignPlatforms } from "./reports";

export const CONFIRMATION_REQUIRED = "confirmation_required";

/** Every platform with a known limit: what a post is measured against when its campaign's platforms cannot be read. */
const ALL_LIMITED = ["TELEGRAM", "MAX"] as const;

/** The limits the post's active text exceeds on its campaign's platforms (all limited platforms when they cannot be read). */
async function limitsExceeded(post: PostDetail): Promise<OverLimit[]> {
  const platforms = (await campaignPlatforms(post.campaign_id, "interactive")) ?? ALL_LIMITED;
  return overLimits(post, platforms);
}

/**
 * Refuses (409 confirmation_required, naming each limit) an approve of a text
 * longer than a platform its campaign publishes to allows, unless the person
 * confirmed it (`confirmed`, sent after the dashboard's "approve despite this?").
 * The client asks first on every path; this is the same rule for a request
 * sent by hand, a share link, Telegram or a bulk job. `post` is the detail
 * the decision already read; the platforms come from the cached campaign.
 */
export async function assertLimitsConfirmed(post: PostDetail, confirmed: boolean | undefined): Promise<OverLimit[]> {
  const over = await limitsExceeded(post);
  if (over.length === 0 || confirmed) return over;
  throw new ApiError(
    CONFIRMATION_REQUIRED,
    text("checks.confirmLimits", { limits: describeLimits(over) }),
    { status: 409, extra: { over_limits: over } },
  );
}

/**
 * "TELEGRAM 1100/1024": the same in every language (the message around it is translated; whether the
 * limit is a caption's is in the answer's `over_limits`, and the page's own flag says it in words).
 */
export const describeLimits = (over: readonly OverLimit[]) => over.map((o) => `${o.platform} ${o.length}/${o.limit}`).join("; ");
