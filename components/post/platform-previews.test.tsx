// @vitest-environment jsdom
// The previews show a post as each channel's platform will: media first (one image, an album strip, the
// video's cover or a placeholder, documents as chips), then the text, counted against that platform's limit.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import enReview from "@/messages/en/review.json";
import review from "@/messages/ru/review.json";
import { campaignQuery } from "@/lib/queries/campaigns";
import { postKey } from "@/lib/queries/posts";
import type { CampaignDetail, Channel, Media, PostDetail } from "@/lib/schemas";
import { postDetailFixture } from "@/test/post-fixture";
import { firstLink, PlatformPreviews } from "./platform-previews";

afterEach(cleanup);

const img = (n: number, over: Partial<Media["images"][number]> = {}) => ({
  url: `https://media.example/${n}.jpg`,
  is_selected: true,
  in_album: false,
  source: "ai_generated",
  ...over,
});
const media = (over: Partial<Media>): Media => ({ post_type: "IMAGE", images: [], video: null, documents: [], expires_in: 86400, ...over });
const channel = (id: number, platform: string, is_active = true): Channel => ({ id, name: `Канал ${id}`, platform, is_active });

function campaign(channels: Channel[]): CampaignDetail {
  return {
    id: 101,
    name: "Утренний кофе",
    project_id: 1,
    project_name: "Кофейня",
    status: "ACTIVE",
    campaign_type: "REGULAR",
    approval_mode: "MANUAL",
    post_length_format: "MEDIUM",
    generate_images: true,
    start_date: "2026-11-01",
    end_date: null,
    created_at: "2026-11-01T10:00:00+03:00",
    channels,
    schedules: [],
    stats: { total: 0, published: 0, waiting_approval: 0, scheduled: 0, failed: 0 },
  };
}

function show(post: Partial<PostDetail>, channels: Channel[], locale: "ru" | "en" = "ru") {
  const p = postDetailFixture({ task_id: 7, ...post });
  const meta = { stale: false, fetchedAt: new Date().toISOString() };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(postKey(7), { data: p, meta });
  client.setQueryData(campaignQuery(101).queryKey, { data: campaign(channels), meta });
  return render(
    <NextIntlClientProvider locale={locale} messages={{ review: locale === "ru" ? review : enReview }} timeZone="Europe/Moscow">
      <QueryClientProvider client={client}>
        <Suspense fallback="…">
          <PlatformPreviews id={7} />
        </Suspense>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const preview = (platform: string) => document.querySelector<HTMLElement>(`article[data-platform="${platform}"]`)!;
/** Intl puts no-break spaces in "1 025": compare with plain ones. */
const text = (el: HTMLElement) => (el.textContent ?? "").replace(/\s/g, " ");

describe("platform previews", () => {
  it("shows the image before the text", () => {
    show({ text: "Доброе утро", post_type: "IMAGE", media: media({ images: [img(1)] }) }, [channel(1, "TELEGRAM")]);
    const tg = within(preview("TELEGRAM"));
    const image = tg.getByRole("img", { name: "Изображение к посту" });
    expect(image.getAttribute("src")).toBe("https://media.example/1.jpg");
    const words = tg.getByText("Доброе утро");
    expect(image.compareDocumentPosition(words) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows an album as one strip of its images, in each channel", () => {
    const album = [1, 2, 3].map((n) => img(n, { in_album: true }));
    show({ post_type: "ALBUM", media: media({ post_type: "ALBUM", images: [...album, img(9, { is_selected: false })] }) }, [
      channel(1, "TELEGRAM"),
      channel(2, "MAX"),
    ]);
    for (const platform of ["TELEGRAM", "MAX"]) {
      const strip = within(preview(platform)).getByRole("list", { name: "Альбом: 3 изображения" });
      expect(within(strip).getAllByRole("img").map((i) => i.getAttribute("src"))).toEqual([1, 2, 3].map((n) => `https://media.example/${n}.jpg`));
    }
  });

  it("shows a video's cover, or a frame with its file name, never the video itself", () => {
    const video = { url: "https://media.example/v.mp4", filename: "clip.mp4", file_size: 1_000_000 };
    show({ post_type: "VIDEO", media: media({ post_type: "VIDEO", video, images: [img(5)] }) }, [channel(1, "TELEGRAM")]);
    expect(screen.getByRole("img", { name: "Обложка видео clip.mp4" }).getAttribute("src")).toBe("https://media.example/5.jpg");
    expect(document.querySelector("video")).toBeNull();
    cleanup();
    show({ post_type: "VIDEO", media: media({ post_type: "VIDEO", video }) }, [channel(1, "TELEGRAM")]);
    expect(screen.getByText("Видео без обложки: clip.mp4")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows documents as file chips with name and size", () => {
    const documents = [{ url: "https://media.example/menu.pdf", filename: "menu.pdf", file_size: 2048 }];
    show({ post_type: "DOCUMENT", media: media({ post_type: "DOCUMENT", documents }) }, [channel(1, "MAX")]);
    const chip = preview("MAX").querySelector<HTMLElement>("[data-file-chip]")!;
    expect(text(chip)).toMatch(/menu\.pdf.*2/);
  });

  it("counts a text under media against Telegram's caption limit and says why it is 1024", () => {
    show({ text: "я".repeat(1025), media: media({ images: [img(1)] }) }, [channel(1, "TELEGRAM"), channel(2, "MAX")]);
    const tg = preview("TELEGRAM");
    const meter = tg.querySelector<HTMLElement>("[data-over-limit]")!;
    expect(meter.dataset.overLimit).toBe("true");
    expect(text(meter)).toContain("Длина подписи к медиа: 1 025 из 1 024");
    expect(text(meter)).toContain("Превышение на 1 символ");
    expect(text(tg)).toContain("Длинные подписи Telegram Premium ботам недоступны");
    // MAX takes 4000 with media too: the same text fits.
    const max = preview("MAX").querySelector<HTMLElement>("[data-over-limit]")!;
    expect(max.dataset.overLimit).toBe("false");
    expect(text(max)).toBe("Длина текста: 1 025 из 4 000");
  });

  it("passes a text exactly at Telegram's message limit and flags one more", () => {
    show({ text: "я".repeat(4096) }, [channel(1, "TELEGRAM")]);
    expect(preview("TELEGRAM").querySelector<HTMLElement>("[data-over-limit]")!.dataset.overLimit).toBe("false");
    cleanup();
    show({ text: `${"я".repeat(4095)}😀` }, [channel(1, "TELEGRAM")]);
    const meter = preview("TELEGRAM").querySelector<HTMLElement>("[data-over-limit]")!;
    expect(text(meter)).toContain("Длина текста: 4 097 из 4 096");
    expect(meter.dataset.overLimit).toBe("true");
  });

  it("shows VK as plain text with a card for the first link and the count alone", () => {
    const words = "Меню недели: https://coffee.example/menu?w=47. И ещё https://other.example";
    show({ text: words, media: null }, [channel(1, "VK")]);
    const vk = preview("VK");
    const snippet = vk.querySelector<HTMLElement>("[data-link-snippet]")!;
    expect(text(snippet)).toContain("Карточка ссылки: coffee.example");
    expect(within(snippet).getByRole("link").getAttribute("href")).toBe("https://coffee.example/menu?w=47");
    expect(text(vk)).toContain(`Длина текста: ${words.length}`);
    expect(text(vk)).not.toMatch(/ из |ограничение/);
  });

  it("shows an unknown platform as plain text with its count, no media and no limit", () => {
    show({ text: "Текст", media: media({ images: [img(1)] }) }, [channel(1, "OK_RU")]);
    const other = preview("OK_RU");
    expect(within(other).queryByRole("img")).toBeNull();
    expect(text(other)).toContain("Длина текста: 5 (ограничение неизвестно)");
  });

  it("speaks English too", () => {
    show({ text: "x".repeat(1100), media: media({ images: [img(1)] }) }, [channel(1, "TELEGRAM")], "en");
    expect(text(preview("TELEGRAM"))).toContain("Media caption length: 1,100 of 1,024 ⚠ Over the limit by 76 characters");
    expect(screen.getByRole("img", { name: "Image of the post" })).toBeTruthy();
  });
});

describe("firstLink", () => {
  it("takes the first http(s) link without the sentence's punctuation", () => {
    expect(firstLink("См. https://a.example/x). Или http://b.example")).toBe("https://a.example/x");
    expect(firstLink("«https://a.example/путь»")).toBe("https://a.example/путь");
    expect(firstLink("без ссылок, только a.example")).toBeNull();
  });
});
