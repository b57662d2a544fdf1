// @vitest-environment jsdom
// Comments on a passage as a reader sees them: the passages marked in the post's text
// and in the versions diff (React text only), the quote in the thread, «outdated» when a newer
// version edited the passage, and the passage chosen in the text going to the comment box.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DiffView } from "@/components/diff/diff-view";
import { anchorOn } from "@/lib/collab/anchors";
import { wordDiff } from "@/lib/diff/word-diff";
import { commentsKey } from "@/lib/queries/collab";
import type { CommentView } from "@/lib/schemas/collab";
import collab from "@/messages/en/collab.json";
import common from "@/messages/en/common.json";
import review from "@/messages/en/review.json";
import { CommentItem } from "./comment-item";
import { PassagePicker, sentencesOf } from "./comment-passage-picker";
import { clearPassage, usePendingPassage } from "./comment-passage-store";
import { PassageText } from "./comment-passage-text";

afterEach(() => {
  cleanup();
  clearPassage(5);
  vi.unstubAllGlobals();
});

const V1 = "Скидка <b>20%</b> на кофе 🎉 до пятницы.";
const V2 = `Новинка! ${V1}`;
const V3 = V2.replace("до пятницы", "до субботы");
const texts = new Map([
  [1, V1],
  [2, V2],
  [3, V3],
]);
const anchor = (quote: string, active: number) => {
  const start = V1.indexOf(quote);
  return anchorOn({ version: 1, start, end: start + quote.length, quote }, texts, active);
};
const comment = (id: number, quote: string, active: number): CommentView => ({
  id,
  task_id: 5,
  version: 1,
  body: `Замечание ${id}`,
  author_email: "reviewer@example.com",
  author_name: "Борис",
  author_role: "reviewer",
  share_link_id: null,
  created_at: new Date().toISOString(),
  edited_at: null,
  anchor: anchor(quote, active),
});

function wrap(ui: React.ReactNode, items: CommentView[] = []) {
  vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: { code: "x", message: "no request expected" } }, { status: 500 })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(commentsKey(5), { items });
  return render(
    <NextIntlClientProvider locale="en" messages={{ collab, common, review }} timeZone="UTC">
      <QueryClientProvider client={client}>
        <Suspense fallback="loading">{ui}</Suspense>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const marks = (root: ParentNode) => [...root.querySelectorAll("mark")].map((m) => m.textContent);

describe("the post's text", () => {
  it("marks the passages carried to the active version at their new place, not the outdated ones, as text only", () => {
    const items = [comment(1, "<b>20%</b> на кофе 🎉", 2), comment(2, "до пятницы", 3)];
    // On version 2 both passages are still there (carried); on version 3 the second was edited.
    const { container, unmount } = wrap(<PassageText taskId={5} version={2} text={V2} className="" />, [comment(1, "<b>20%</b> на кофе 🎉", 2), comment(2, "до пятницы", 2)]);
    expect(marks(container)).toEqual(["<b>20%</b> на кофе 🎉", "до пятницы"]);
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("[data-post-text]")!.textContent).toBe(V2);
    expect(container.querySelector("mark")!.getAttribute("aria-describedby")).toBe("comment-1");
    unmount();
    const later = wrap(<PassageText taskId={5} version={3} text={V3} className="" />, items.map((c) => ({ ...c, anchor: anchor(c.anchor!.quote, 3) })));
    expect(marks(later.container)).toEqual(["<b>20%</b> на кофе 🎉"]);
  });

  it("offers «Comment on passage» for a selection and hands the passage, trimmed, to the comment box", () => {
    let pending: ReturnType<typeof usePendingPassage> = null;
    function Box() {
      pending = usePendingPassage(5);
      return null;
    }
    const { container } = wrap(
      <>
        <PassageText taskId={5} version={2} text={V2} className="" />
        <Box />
      </>,
    );
    expect(screen.getByText(/select words in the text/i)).toBeTruthy();
    const node = container.querySelector("[data-post-text]")!.firstChild!;
    const start = V2.indexOf(" на кофе");
    act(() => {
      const r = document.createRange();
      r.setStart(node, start);
      r.setEnd(node, start + " на кофе ".length);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(r);
      document.dispatchEvent(new Event("selectionchange"));
    });
    fireEvent.click(screen.getByRole("button", { name: /comment on passage/i }));
    expect(pending).toMatchObject({ taskId: 5, version: 2, start: start + 1, end: start + " на кофе".length, quote: "на кофе" });
    // The chosen passage is marked while the comment is written.
    expect(container.querySelector("[data-pending-passage]")!.textContent).toBe("на кофе");
  });
});

describe("the sentence list beside the comment box (the way without a pointer)", () => {
  it("offers each sentence and line of the text, and choosing one makes it the passage", () => {
    const text = "Первое предложение. Второе — с эмодзи 🎉!\n  Третья строка";
    expect(sentencesOf(text, "ru").map((r) => text.slice(r.start, r.end))).toEqual(["Первое предложение.", "Второе — с эмодзи 🎉!", "Третья строка"]);
    let pending: ReturnType<typeof usePendingPassage> = null;
    function Picker() {
      pending = usePendingPassage(5);
      return <PassagePicker taskId={5} version={3} text={text} chosen={pending} locale="ru" />;
    }
    wrap(<Picker />);
    const list = screen.getByRole("combobox", { name: "What the comment is about" });
    fireEvent.change(list, { target: { value: "1" } });
    expect(pending).toMatchObject({ version: 3, quote: "Второе — с эмодзи 🎉!", focus: false });
    fireEvent.change(list, { target: { value: "" } });
    expect(pending).toBeNull();
  });
});

describe("the thread", () => {
  it("quotes the passage; an edited one is marked outdated, a carried one says where it came from", () => {
    const carried = comment(1, "на кофе", 2);
    const outdated = comment(2, "до пятницы", 3);
    wrap(
      <ol>
        <CommentItem comment={carried} activeVersion={2} me="someone@example.com" now={Date.now()} />
        <CommentItem comment={outdated} activeVersion={3} me="someone@example.com" now={Date.now()} />
      </ol>,
    );
    const [first, second] = screen.getAllByRole("listitem");
    expect(first!.getAttribute("data-anchor-state")).toBe("carried");
    expect(first!.querySelector("blockquote")!.textContent).toContain("на кофе");
    expect(first!.textContent).toContain("passage carried over from version 1");
    // Carried: it can be shown in the text; an outdated one cannot (it is not there).
    expect(first!.querySelector("button")!.textContent).toBe("Show in the text");
    expect(second!.getAttribute("data-anchor-state")).toBe("outdated");
    expect(second!.querySelector("[data-anchor-outdated]")!.textContent).toBe("outdated");
    expect(second!.querySelector("blockquote")!.textContent).toContain("до пятницы");
    expect([...second!.querySelectorAll("button")].map((b) => b.textContent)).not.toContain("Show in the text");
  });
});

describe("the versions diff", () => {
  it("marks a passage on the side it belongs to: where it was written, and where it was carried", () => {
    const on1 = { start: V1.indexOf("на кофе"), end: V1.indexOf("на кофе") + 7 };
    const on2 = { start: V2.indexOf("на кофе"), end: V2.indexOf("на кофе") + 7 };
    const { container } = wrap(<DiffView diff={wordDiff(V1, V2)} mode="split" fromLabel="Version 1" toLabel="Version 2" passages={{ from: [on1], to: [on2] }} />);
    const sides = container.querySelectorAll("section");
    expect(marks(sides[0]!)).toEqual(["на кофе"]);
    expect(marks(sides[1]!)).toEqual(["на кофе"]);
    // A passage across an insertion is marked in both pieces of the inline diff.
    const inline = wrap(<DiffView diff={wordDiff(V1, V2)} mode="inline" fromLabel="Version 1" toLabel="Version 2" passages={{ from: [], to: [{ start: 0, end: 12 }] }} />);
    expect(marks(inline.container).join("")).toBe(V2.slice(0, 12));
  });

  it("never turns a passage into markup", () => {
    const { container } = wrap(<DiffView diff={wordDiff(V1, V1)} mode="inline" fromLabel="a" toLabel="b" passages={{ from: [], to: [{ start: V1.indexOf("<b>"), end: V1.indexOf("</b>") + 4 }] }} />);
    expect(marks(container)).toEqual(["<b>20%</b>"]);
    expect(container.querySelector("b")).toBeNull();
  });
});
