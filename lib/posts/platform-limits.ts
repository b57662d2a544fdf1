import type { Media } from "@/lib/schemas";

/**
 * How long a post's text may be on each platform, as their public
 * documentation says. Pure (no React), so list rows, the post page and the
 * server can all use it (lib/posts/over-limit.ts).
 *
 * - TELEGRAM: 4096 characters of message text; 1024 of caption when the text
 *   goes with a photo, album, video or document (Bot API sendMessage /
 *   sendPhoto / sendMediaGroup). Premium accounts may send longer captions, but
 *   a channel is published to by a bot, and bots get the standard 1024.
 * - MAX: 4000 characters of message text (MAX Bot API, NewMessageBody.text),
 *   with or without attachments: the text is the same field either way.
 * - VK: no limit is claimed. VK's method reference states none for a wall
 *   post's `message`, and a figure we cannot point to would flag posts that
 *   publish fine (or pass ones that do not): the count is shown alone.
 * - WEBHOOK and platforms we do not know: no limit; the count is shown alone.
 */
export type LimitKind = "message" | "caption";
export type PlatformLimit = { max: number; kind: LimitKind } | null;

export const TELEGRAM_MESSAGE_MAX = 4096;
export const TELEGRAM_CAPTION_MAX = 1024;
export const MAX_MESSAGE_MAX = 4000;

export function platformLimit(platform: string, hasMedia: boolean): PlatformLimit {
  switch (platform) {
    case "TELEGRAM":
      return hasMedia ? { max: TELEGRAM_CAPTION_MAX, kind: "caption" } : { max: TELEGRAM_MESSAGE_MAX, kind: "message" };
    case "MAX":
      return { max: MAX_MESSAGE_MAX, kind: "message" };
    default:
      return null;
  }
}

/**
 * A text's length as the platforms count it. Telegram counts UTF-16 code
 * units of the text after entity parsing (its entity offsets are UTF-16 too),
 * and a JS string is UTF-16, so `length` is exactly its count: an emoji
 * outside the BMP (😀) counts 2, a Cyrillic letter 1, a flag 4. Nothing is
 * stripped as markup: the description does not say whether the service sends
 * a parse mode, and markup only ever makes the raw text longer, so a text
 * that fits here fits there. MAX says "characters"; counting code units is
 * never less than counting code points, so we never say "fits" wrongly.
 */
export const textLength = (text: string): number => text.length;

/**
 * Whether the post goes out with an attachment, so Telegram sends its text as
 * a caption. Media whose link was refused (blanked by the schema) still count:
 * the service attaches them whatever our copy of the link says.
 */
export function carriesMedia(media: Media | null): boolean {
  return !!media && (media.images.length > 0 || media.video !== null || media.documents.length > 0);
}
