// @vitest-environment jsdom
// The queue's preview pane and bulk bar offer only the decisions the posts' statuses allow.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import review from "@/messages/en/review.json";
import type { Post } from "@/lib/schemas";
import { BulkBar } from "./bulk-bar";
import { PreviewPane } from "./preview-pane";
import { postFixture } from "@/test/post-fixture";

afterEach(cleanup);

const post = (status: string): Post => postFixture({ task_id: 77, status });

const wrap = (children: React.ReactNode) => (
  <NextIntlClientProvider locale="en" messages={{ review }} timeZone="Europe/Moscow">
    {children}
  </NextIntlClientProvider>
);

function pane(status: string, readable = true) {
  const onApprove = vi.fn();
  const onReject = vi.fn();
  render(
    wrap(<PreviewPane post={post(status)} canDecide readable={readable} pending={false} busy={false} onApprove={onApprove} onReject={onReject} headingId="h" />),
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
