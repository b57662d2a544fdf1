import { describe, expect, it } from "vitest";
import type { Media } from "@/lib/schemas";
import { carriesMedia, platformLimit, textLength } from "./platform-limits";

const media = (over: Partial<Media> = {}): Media => ({ post_type: "IMAGE", images: [], video: null, documents: [], expires_in: 86400, ...over });
const image = { url: "https://media.example/1.jpg", is_selected: true, in_album: false, source: "ai_generated" };

describe("platformLimit", () => {
  it("uses Telegram's caption limit when the post carries media, the message limit otherwise", () => {
    expect(platformLimit("TELEGRAM", false)).toEqual({ max: 4096, kind: "message" });
    expect(platformLimit("TELEGRAM", true)).toEqual({ max: 1024, kind: "caption" });
  });

  it("gives MAX 4000 with or without media", () => {
    expect(platformLimit("MAX", false)).toEqual({ max: 4000, kind: "message" });
    expect(platformLimit("MAX", true)).toEqual({ max: 4000, kind: "message" });
  });

  it("claims no limit for VK, webhooks and platforms it does not know", () => {
    expect(platformLimit("VK", false)).toBeNull();
    expect(platformLimit("VK", true)).toBeNull();
    expect(platformLimit("WEBHOOK", false)).toBeNull();
    expect(platformLimit("OK_RU", true)).toBeNull();
  });
});

describe("textLength counts UTF-16 code units, as Telegram does", () => {
  it("counts a Cyrillic letter as one", () => {
    expect(textLength("Привет")).toBe(6);
    expect(textLength("ёЁйЙ")).toBe(4);
  });

  it("counts an emoji outside the BMP as two, a flag as four, a joined family as its code units", () => {
    expect(textLength("😀")).toBe(2);
    expect(textLength("🇷🇺")).toBe(4);
    expect(textLength("👨‍👩‍👧")).toBe(8);
    expect(textLength("☕")).toBe(1);
  });

  it("counts line breaks and markup characters as they are", () => {
    expect(textLength("a\nb")).toBe(3);
    expect(textLength("**жирный**")).toBe(10);
  });
});

describe("carriesMedia", () => {
  it("is true for an image, a video or a document, even with a refused link", () => {
    expect(carriesMedia(media({ images: [image] }))).toBe(true);
    expect(carriesMedia(media({ images: [{ ...image, url: "" }] }))).toBe(true);
    expect(carriesMedia(media({ video: { url: "https://media.example/v.mp4", filename: "v.mp4", file_size: 1 } }))).toBe(true);
    expect(carriesMedia(media({ documents: [{ url: "https://media.example/d.pdf", filename: "d.pdf", file_size: 1 }] }))).toBe(true);
  });

  it("is false without media or with an empty media object (a TEXT post)", () => {
    expect(carriesMedia(null)).toBe(false);
    expect(carriesMedia(media({ post_type: "TEXT" }))).toBe(false);
  });
});
