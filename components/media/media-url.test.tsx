// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import review from "@/messages/en/review.json";
import { postKey } from "@/lib/queries/posts";
import { PostDetail } from "@/lib/schemas";
import { DocumentList } from "./document-list";
import { MediaImage } from "./media-image";
import { MediaPanel } from "./media-panel";
import { VideoPlayer } from "./video-player";

const HOSTILE = ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>", "/relative/x.png"];

/** Every URL-bearing attribute in the rendered page. */
function urlsIn(container: HTMLElement): string[] {
  return [...container.querySelectorAll("[href],[src],[data],[poster]")].flatMap((el) =>
    ["href", "src", "data", "poster"].map((a) => el.getAttribute(a)).filter((v): v is string => v !== null),
  );
}

const unsafe = (u: string) => !/^https?:\/\//i.test(u.trim());

function wrap(children: React.ReactNode, client = new QueryClient()) {
  return (
    <NextIntlClientProvider locale="en" messages={{ review }}>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading">{children}</Suspense>
      </QueryClientProvider>
    </NextIntlClientProvider>
  );
}

afterEach(cleanup);

describe("media links that are not http(s)", () => {
  it("are blanked by the schema, which keeps the post and its media shape", () => {
    for (const bad of HOSTILE) {
      const post = parsePost(bad);
      expect(post.text).toBe("Текст");
      expect(post.media?.images.map((i) => i.url)).toEqual(["", "https://cdn.example/ok.png"]);
      expect(post.media?.video?.url).toBe("");
      expect(post.media?.documents[0]?.url).toBe("");
    }
  });

  it("never reach an href or src of the media panel; each such medium says it is unavailable", () => {
    for (const bad of HOSTILE) {
      const client = new QueryClient();
      client.setQueryData(postKey(1), { data: parsePost(bad), meta: { stale: false, fetchedAt: new Date().toISOString() } });
      const { container } = render(wrap(<MediaPanel id={1} />, client));
      expect(urlsIn(container).filter(unsafe)).toEqual([]);
      expect(screen.getAllByText(review.media.unavailable).length).toBeGreaterThanOrEqual(2); // video and document
      cleanup();
    }
  });

  it("are refused by the components themselves, whatever the data says", () => {
    for (const bad of HOSTILE) {
      const noop = () => {};
      const { container } = render(
        wrap(
          <>
            <MediaImage url={bad} alt="image" expired={false} onRetry={noop} />
            <VideoPlayer url={bad} poster={bad} filename="v.mp4" size={1} expired={false} onRetry={noop} />
            <DocumentList documents={[{ url: bad, filename: "d.pdf", file_size: 1 }]} expired={false} onRetry={noop} />
          </>,
        ),
      );
      expect(urlsIn(container).filter(unsafe)).toEqual([]);
      expect(screen.getAllByText(review.media.unavailable)).toHaveLength(3);
      expect(screen.getByText("d.pdf")).toBeTruthy(); // the document is still named
      cleanup();
    }
  });
});

function parsePost(bad: string) {
  return PostDetail.parse({
    task_id: 1,
    campaign_id: 2,
    campaign_name: "Кофейня",
    text: "Текст",
    status: "WAITING_APPROVAL",
    post_type: "VIDEO",
    published_at: null,
    created_at: "2026-11-20T10:00:00+03:00",
    updated_at: null,
    media: {
      post_type: "VIDEO",
      images: [
        { url: bad, is_selected: true, in_album: false, source: "user_uploaded" },
        { url: "https://cdn.example/ok.png", is_selected: false, in_album: false, source: "user_uploaded" },
      ],
      video: { url: bad, filename: "v.mp4", file_size: 10 },
      documents: [{ url: bad, filename: "d.pdf", file_size: 10 }],
      expires_in: 3600,
    },
    generate_at: null,
    versions: [],
    publish_records: [],
    engagement: {},
  });
}
