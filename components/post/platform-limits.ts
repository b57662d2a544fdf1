/**
 * Message length limits per platform, as far as their public documentation
 * says; counted in UTF-16 code units (String.length), the unit Telegram
 * counts in and, for the others, never less than their own count, so an
 * "over the limit" here is never a false "fits".
 *
 * - TELEGRAM: 4096 characters of message text; 1024 of caption when the text
 *   goes with a photo, video or document (Bot API sendMessage / sendPhoto).
 *   Premium accounts get longer captions, but bots publish with the bot limit.
 * - VK: 16384 characters for a wall post (`wall.post` message). Not stated
 *   exactly in VK's method reference; 16384 is the commonly cited figure.
 * - MAX: 4000 characters of message text (MAX Bot API, NewMessageBody.text).
 *   Unsure whether a caption with an attachment has a lower limit; assumed not.
 * - WEBHOOK: no limit; the payload is the Post object as JSON.
 * - Unknown platforms: no limit known, the count is shown without one.
 */
export type PlatformLimit = { max: number; kind: "text" | "caption" } | null;

export function platformLimit(platform: string, hasMedia: boolean): PlatformLimit {
  switch (platform) {
    case "TELEGRAM":
      return hasMedia ? { max: 1024, kind: "caption" } : { max: 4096, kind: "text" };
    case "VK":
      return { max: 16384, kind: "text" };
    case "MAX":
      return { max: 4000, kind: "text" };
    default:
      return null;
  }
}

export const textLength = (text: string) => text.length;
