// @vitest-environment jsdom
// The triage preview pane (queue and inbox) and bulk bar offer only the decisions the posts' statuses allow,
// pinned to a loaded version, and show the media before the text.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import review from "@/messages/en/review.json";
import type { Post } from "@/lib/schemas";
import { BulkBar } from "./bulk-bar";
import { PreviewPane } from "./preview-pane";
import { postDetailFixture, postFixture } from "@/test/post-fixture";
import type { PaneDetail } from "./preview-pane";

afterEach(cleanup);

const post = (status: string): Post => postFixture({ task_id: 77, status });
const detailOf = (p: Post, over: Partial<PaneDetail["data"]> = {}): PaneDetail => ({
  data: postDetailFixture({ ...p, versions: [{ version_number: 3, text_content: p.text, source: "INITIAL", is_active: true, created_at: p.created_at }], ...over }),
  meta: { stale: false, fetchedAt: new Date().toISOString() },
  updatedAt: Date.now(),
});

const wrap = (children: React.ReactNode) => (
  <NextIntlClientProvider locale="en" messages={{ review }} timeZone="Europe/Moscow">
    {children}
  </NextIntlClientProvider>
);

function pane(status: string, readable = true, { loaded = true, p = post(status) }: { loaded?: boolean; p?: Post } = {}) {
  const onApprove = vi.fn();
  const onReject = vi.fn();
  render(
    wrap(
      <PreviewPane
        post={p}
        detail={loaded ? detailOf(p) : undefined}
        onDetailRefresh={vi.fn()}
        pin={loaded ? 3 : undefined}
        canDecide
        readable={readable}
        pending={false}
        busy={false}
        onApprove={onApprove}
        onReject={onReject}
        headingId="h"
      />,
    ),
  );
  return { onApprove, onReject };
}

const buttons = () => screen.queryAllByRole("button").map((b) => `${b.textContent}${(b as HTMLButtonElement).disabled ? " (disabled)" : ""}`);
const notes = () => [...document.querySelectorAll("[data-decision-unavailable]")].map((n) => n.textContent);

describe("PreviewPane", () => {
  it("offers approve and reject on a waiting post", () => {
    const { onApprove } = pane("WAITING_APPROVAL");
    expect(buttons()).toEqual(["Approve", "Reject"]);
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(onApprove).toHaveBeenCalledWith(77);
    expect(notes()).toEqual([]);
  });

  it("offers only reject on a scheduled post, nothing on a published one, and says why", () => {
    pane("SCHEDULED");
    expect(buttons()).toEqual(["Reject"]);
    expect(notes()).toEqual([review.decision.unavailable.SCHEDULED]);
    cleanup();
    pane("PUBLISHED");
    expect(buttons()).toEqual([]);
    expect(notes()).toEqual([review.decision.unavailable.PUBLISHED]);
    cleanup();
    pane("ON_HOLD");
    expect(buttons()).toEqual([]);
    expect(notes()[0]).toContain("ON_HOLD");
  });

  it("disables the offered buttons while the list cannot be read", () => {
    pane("WAITING_APPROVAL", false);
    expect(buttons()).toEqual(["Approve (disabled)", "Reject (disabled)"]);
    expect(notes()).toEqual([review.decision.unreadable]);
  });

  it("keeps the buttons disabled until the post's detail (its version) has loaded, and says so", () => {
    pane("WAITING_APPROVAL", true, { loaded: false });
    expect(buttons()).toEqual(["Approve (disabled)", "Reject (disabled)"]);
    expect(notes()).toEqual([review.triage.preview.loadingVersion]);
    cleanup();
    pane("WAITING_APPROVAL");
    expect(buttons()).toEqual(["Approve", "Reject"]);
    expect(screen.getByText("version 3")).toBeTruthy();
  });

  it("shows the text of the loaded version, not the list's older copy", () => {
    const p = post("WAITING_APPROVAL");
    render(
      wrap(
        <PreviewPane
          post={{ ...p, text: "old text from the list" }}
          detail={detailOf(p, { text: "current text" })}
          onDetailRefresh={vi.fn()}
          pin={3}
          canDecide
          readable
          pending={false}
          busy={false}
          onApprove={vi.fn()}
          onReject={vi.fn()}
          headingId="h"
        />,
      ),
    );
    expect(document.querySelector("[data-preview-text]")?.textContent).toBe("current text");
  });

  it("puts the media before the text, an album as one strip of thumbnails", () => {
    const image = (n: number) => ({ url: `https://media.example/${n}.jpg`, is_selected: true, in_album: true, source: "ai_generated" });
    const p = postFixture({ task_id: 77, post_type: "ALBUM", media: { post_type: "ALBUM", images: [image(1), image(2), image(3)], video: null, documents: [], expires_in: 3600 } });
    pane("WAITING_APPROVAL", true, { p });
    const media = document.querySelector("[data-preview-media]");
    const text = document.querySelector("[data-preview-text]");
    expect(media && text && media.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.querySelector("[data-album-strip]")?.getAttribute("data-album-strip")).toBe("3");
    expect(screen.getByRole("region", { name: "Album: 3 images" })).toBeTruthy();
  });
});

describe("BulkBar", () => {
  const bar = (p: Partial<Parameters<typeof BulkBar>[0]>) =>
    render(wrap(<BulkBar count={3} approvable={3} rejectable={3} readable busy={false} onApprove={vi.fn()} onReject={vi.fn()} onClear={vi.fn()} {...p} />));

  it("acts on all selected posts when all allow it", () => {
    bar({});
    expect(buttons()).toEqual(["Approve all (3)", "Reject all (3)", "Clear selection"]);
    expect(notes()).toEqual([]);
  });

  it("says how many of the selection an action covers, and leaves out an action none allows", () => {
    bar({ approvable: 0, rejectable: 2 });
    expect(buttons()).toEqual(["Reject 2 of 3", "Clear selection"]);
    expect(notes()).toEqual([review.bulk.notAllowed]);
  });

  it("offers nothing but clearing when no selected post allows a decision", () => {
    bar({ approvable: 0, rejectable: 0 });
    expect(buttons()).toEqual(["Clear selection"]);
    expect(notes()).toEqual([review.bulk.notAllowed]);
  });

  it("disables the actions while the list cannot be read", () => {
    bar({ readable: false });
    expect(buttons()).toEqual(["Approve all (3) (disabled)", "Reject all (3) (disabled)", "Clear selection"]);
    expect(notes()).toEqual([review.decision.unreadable]);
  });
});
