import { overLimitsOf } from "@/lib/posts/over-limit";
import type { Level } from "./rules";
import type { CheckedPost, Finding } from "./types";

/*
 * Platform limits as a rule (the post page's over-limit flags): Telegram
 * 4,096 (1,024 for a caption with media), MAX 4,000, for the platforms the
 * campaign publishes to. The finding marks the text past the limit, so the
 * editor sees what does not fit.
 */
export function hasMedia(media: CheckedPost["media"]): boolean {
  return !!media && (media.images.length > 0 || media.video !== null || media.documents.length > 0);
}

/** The limit's offset, moved back to the start of a character it would split (an emoji is two UTF-16 units). */
function whole(text: string, at: number): number {
  const c = text.charCodeAt(at);
  return at > 0 && c >= 0xdc00 && c <= 0xdfff ? at - 1 : at;
}

export function limitFindings(post: CheckedPost, platforms: readonly string[], level: Level): Finding[] {
  if (level === "off" || platforms.length === 0) return [];
  return overLimitsOf(post.text, hasMedia(post.media), platforms).map((o) => ({
    rule: "platform_limit" as const,
    severity: level,
    start: whole(post.text, o.limit),
    end: o.length,
    note: `${o.platform}: ${o.length} символов при пределе ${o.limit}${o.kind === "caption" ? " (подпись к медиа)" : ""}`,
    says: { key: "platform_limit" as const, values: { platform: o.platform, length: o.length, limit: o.limit, caption: o.kind === "caption" ? "yes" : "no" } },
  }));
}
