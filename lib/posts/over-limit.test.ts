import { describe, expect, it } from "vitest";
import type { Media } from "@/lib/schemas";
import { channelPlatforms, overLimits } from "./over-limit";

const withImage: Media = {
  post_type: "IMAGE",
  images: [{ url: "https://media.example/1.jpg", is_selected: true, in_album: false, source: "ai_generated" }],
  video: null,
  documents: [],
  expires_in: 86400,
};
const post = (text: string, media: Media | null = null) => ({ text, media });
const ALL = ["TELEGRAM", "VK", "MAX", "WEBHOOK"];

describe("overLimits", () => {
  it("passes a text exactly at each limit and flags one character more", () => {
    expect(overLimits(post("я".repeat(4096)), ["TELEGRAM", "VK"])).toEqual([]);
    expect(overLimits(post("я".repeat(4097)), ALL)).toEqual([
      { platform: "TELEGRAM", length: 4097, limit: 4096, kind: "message" },
      { platform: "MAX", length: 4097, limit: 4000, kind: "message" },
    ]);
    expect(overLimits(post("я".repeat(4000)), ["MAX"])).toEqual([]);
    expect(overLimits(post("я".repeat(4001)), ["MAX"])).toEqual([{ platform: "MAX", length: 4001, limit: 4000, kind: "message" }]);
  });

  it("holds a text under media to Telegram's 1024-character caption limit", () => {
    expect(overLimits(post("я".repeat(1024), withImage), ["TELEGRAM"])).toEqual([]);
    expect(overLimits(post("я".repeat(1025), withImage), ["TELEGRAM"])).toEqual([{ platform: "TELEGRAM", length: 1025, limit: 1024, kind: "caption" }]);
    // The same text without media is a message, well within 4096.
    expect(overLimits(post("я".repeat(1025)), ["TELEGRAM"])).toEqual([]);
  });

  it("counts an emoji as two, so 1023 letters and an emoji are one over the caption limit", () => {
    expect(overLimits(post(`${"я".repeat(1022)}😀`, withImage), ["TELEGRAM"])).toEqual([]);
    expect(overLimits(post(`${"я".repeat(1023)}😀`, withImage), ["TELEGRAM"])).toEqual([
      { platform: "TELEGRAM", length: 1025, limit: 1024, kind: "caption" },
    ]);
  });

  it("never flags VK, webhooks or an unknown platform, however long the text", () => {
    expect(overLimits(post("я".repeat(50_000), withImage), ["VK", "WEBHOOK", "OK_RU"])).toEqual([]);
  });

  it("reports each platform once, whatever the number of its channels", () => {
    expect(overLimits(post("я".repeat(2000), withImage), ["TELEGRAM", "TELEGRAM", "VK"])).toHaveLength(1);
  });

  it("flags nothing for a campaign without channels", () => {
    expect(overLimits(post("я".repeat(5000)), [])).toEqual([]);
  });
});

describe("channelPlatforms", () => {
  it("lists the platforms of active channels once each, in order", () => {
    expect(
      channelPlatforms([
        { platform: "VK", is_active: true },
        { platform: "TELEGRAM", is_active: true },
        { platform: "TELEGRAM", is_active: true },
        { platform: "MAX", is_active: false },
      ]),
    ).toEqual(["VK", "TELEGRAM"]);
  });
});
