import { carriesMedia, platformLimit, textLength, type LimitKind } from "./platform-limits";
import type { Channel, Post } from "@/lib/schemas";

export type OverLimit = { platform: string; length: number; limit: number; kind: LimitKind };

/**
 * The platforms among `platforms` whose limit the post's active text exceeds,
 * once each, in the order given. Takes only `text` and `media`, so a list row
 * (Post), the post page (PostDetail) and an inbox item all fit. Platforms
 * without a known limit (VK, WEBHOOK, anything new) are never reported.
 */
export function overLimits(post: Pick<Post, "text" | "media">, platforms: readonly string[]): OverLimit[] {
  return overLimitsOf(post.text, carriesMedia(post.media), platforms);
}

/** The same, for a text whose media is known only as "any or none" (the checks' platform_limit rule, lib/checks). */
export function overLimitsOf(text: string, hasMedia: boolean, platforms: readonly string[]): OverLimit[] {
  const length = textLength(text);
  return [...new Set(platforms)].flatMap((platform) => {
    const limit = platformLimit(platform, hasMedia);
    return limit && length > limit.max ? [{ platform, length, limit: limit.max, kind: limit.kind }] : [];
  });
}

/**
 * The platforms a campaign publishes to: those of its active channels, once
 * each. A switched-off channel publishes nothing, so its limit cannot stop a
 * post (the post page's previews still show it, marked inactive).
 */
export function channelPlatforms(channels: readonly Pick<Channel, "platform" | "is_active">[]): string[] {
  return [...new Set(channels.filter((c) => c.is_active).map((c) => c.platform))];
}
