// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import review from "@/messages/ru/review.json";
import type { Media } from "@/lib/schemas";
import { MediaThumb } from "./media-thumb";

afterEach(cleanup);

const media = (patch: Partial<Media>): Media => ({ post_type: "video", images: [], video: null, documents: [], expires_in: 3600, ...patch });
const shown = (m: Media | null) =>
  render(
    <NextIntlClientProvider locale="ru" messages={{ review }}>
      <MediaThumb media={m} />
    </NextIntlClientProvider>,
  ).container.textContent;

describe("a row's media thumb without an image", () => {
  it("says «видео» for a video, «документ» for a document, «нет фото» only when there is nothing", () => {
    expect(shown(media({ video: { url: "https://cdn.example.com/v.mp4", filename: "v.mp4", file_size: 10 } }))).toBe("видео");
    cleanup();
    expect(shown(media({ documents: [{ url: "https://cdn.example.com/a.pdf", filename: "a.pdf", file_size: 10 }] }))).toBe("документ");
    cleanup();
    expect(shown(null)).toBe("нет фото");
  });
});
