// @vitest-environment jsdom
// The versions panel's diff marks the checks' findings of the active version like a linter: on the
// side that shows that version, at their exact UTF-16 ranges, with the note in the title and read
// out to screen readers; a text or a note that looks like markup stays text.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checksKeys, type PostReport } from "@/lib/queries/checks";
import { segmentsOf } from "@/components/checks/segments";
import { VersionsPanel } from "@/components/post/versions-panel";
import type { Finding } from "@/lib/checks/types";
import { wordDiff } from "@/lib/diff/word-diff";
import { postKey } from "@/lib/queries/posts";
import common from "@/messages/en/common.json";
import review from "@/messages/en/review.json";
import { postDetailFixture } from "@/test/post-fixture";
import { DiffView, type DiffMode } from "./diff-view";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const f = (text: string, words: string, severity: Finding["severity"] = "block", note = "«гарантия»: обещать доход нельзя"): Finding => {
  const start = text.indexOf(words);
  if (start < 0) throw new Error(`${words} not in ${text}`);
  return { rule: "banned", severity, start, end: start + words.length, note };
};

function show(from: string, to: string, findings: Finding[], side: "from" | "to" = "to", mode: DiffMode = "inline") {
  return render(
    <NextIntlClientProvider locale="en" messages={{ review }} timeZone="UTC">
      <DiffView diff={wordDiff(from, to)} mode={mode} fromLabel="Version 1" toLabel="Version 2" findings={{ side, findings }} />
    </NextIntlClientProvider>,
  );
}

const marks = (root: ParentNode) => [...root.querySelectorAll("mark")];
// A mark's visible text (its screen-reader note left out).
const seen = (m: Element) => [...m.childNodes].filter((n) => !(n as Element).classList?.contains("sr-only")).map((n) => n.textContent).join("");

describe("findings in the versions diff", () => {
  it("marks a finding that spans unchanged and inserted words, with its note once, after its last character", () => {
    const from = "Свежий кофе каждое утро.";
    const to = "Свежий кофе и гарантия дохода каждое утро.";
    const { container } = show(from, to, [f(to, "кофе и гарантия дохода")]);
    const ms = marks(container);
    expect(ms.map(seen).join("")).toBe("кофе и гарантия дохода");
    // "кофе" is unchanged, the rest inserted: one mark in each.
    expect(ms.map((m) => m.closest("ins") !== null)).toEqual([false, true]);
    expect(ms[0]!.title).toBe("«гарантия»: обещать доход нельзя");
    expect(ms[0]!.dataset.severity).toBe("block");
    const notes = container.querySelectorAll("mark .sr-only");
    expect([...notes].map((n) => n.textContent)).toEqual([" (Blocks: «гарантия»: обещать доход нельзя)"]);
    expect(ms.at(-1)!.querySelector(".sr-only")).toBe(notes[0]);
  });

  it("never marks deleted words when the findings are the new version's, and the other way round", () => {
    const from = "Только сегодня: гарантия и скидка";
    const to = "Только сегодня: скидка и гарантия";
    const finding = f(to, "гарантия");
    const { container } = show(from, to, [finding]);
    const ms = marks(container);
    expect(ms.map(seen)).toEqual(["гарантия"]);
    expect(ms[0]!.closest("del")).toBeNull();
    cleanup();
    // The same range as the old version's finding marks the old text's word, not the new one's.
    const old = f(from, "гарантия", "warn", "осторожно");
    const split = show(from, to, [old], "from", "split");
    const [left, right] = [...split.container.querySelectorAll("[data-diff-mode='split'] section")];
    expect(marks(left!).map(seen)).toEqual(["гарантия"]);
    expect(marks(left!)[0]!.dataset.severity).toBe("warn");
    expect(marks(right!)).toHaveLength(0);
  });

  it("side by side: only the side of the checked version is marked", () => {
    const from = "Старый текст";
    const to = "Новый текст с гарантией";
    const { container } = show(from, to, [f(to, "гарантией")], "to", "split");
    const [left, right] = [...container.querySelectorAll("[data-diff-mode='split'] section")];
    expect(marks(left!)).toHaveLength(0);
    expect(marks(right!).map(seen)).toEqual(["гарантией"]);
  });

  it("keeps exact UTF-16 ranges after emoji, never splits one, and keeps markup as text", () => {
    const from = "😀😀 было <b>так</b>";
    const to = "😀😀 стало <b>так</b> <img src=x onerror=alert(1)> 🎉🎉";
    const img = f(to, "<img src=x onerror=alert(1)>", "warn", "<script>alert(1)</script>");
    // A limit counted in UTF-16 units may fall between the halves of an emoji: the mark takes the whole emoji.
    const mid = to.indexOf("🎉🎉") + 1;
    const limit: Finding = { rule: "platform_limit", severity: "warn", start: mid, end: to.length, note: "TELEGRAM: 4100 символов при пределе 4096" };
    const { container } = show(from, to, [img, limit]);
    expect(marks(container).map(seen)).toEqual(["<img src=x onerror=alert(1)>", "🎉🎉"]);
    expect(container.querySelector("img, b, script")).toBeNull();
    expect(marks(container)[0]!.title).toBe("<script>alert(1)</script>");
    expect(container.textContent).not.toMatch(/[\ud800-\udfff]/u);
  });

  it("segmentsOf widens an edge that falls inside a surrogate pair", () => {
    const text = "a😀b";
    expect(segmentsOf(text, [{ start: 2, end: 3 }]).map((s) => [s.text, s.findings])).toEqual([["a", []], ["😀", [0]], ["b", []]]);
  });

  it("whole-post findings (start = end) mark nothing", () => {
    const { container } = show("a", "b", [{ rule: "hashtag", severity: "warn", start: 0, end: 0, note: "В посте нет хештега" }]);
    expect(marks(container)).toHaveLength(0);
  });
});

describe("VersionsPanel", () => {
  const ID = 77;
  const v1 = "Свежий кофе каждое утро.";
  const v2 = "Свежий кофе и гарантии дохода каждое утро.";
  const version = (n: number, text: string, active: boolean) => ({ version_number: n, text_content: text, source: n === 1 ? "INITIAL" : "REGENERATION", is_active: active, created_at: "2026-11-21T10:00:00+03:00" });
  const report = (findings: Finding[], v: number): PostReport => ({ version: v, findings, verdict: "blocked", counts: { warn: 0, block: findings.length } });

  function panel(activeVersion: 1 | 2, reportVersion: number) {
    // Any request would be a bug here: the report comes from the checks panel's cache entry.
    const fetch = vi.fn(async () => Response.json({ error: { code: "x", message: "no request expected" } }, { status: 500 }));
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(postKey(ID), { data: postDetailFixture({ task_id: ID, text: v2, versions: [version(1, v1, activeVersion === 1), version(2, v2, activeVersion === 2)] }), meta: { stale: false, fetchedAt: "2026-11-21T05:00:00Z" } });
    const text = activeVersion === 2 ? v2 : v1;
    const findings = activeVersion === 2 ? [f(text, "гарантии дохода")] : [f(text, "каждое утро", "warn", "штамп")];
    client.setQueryData(checksKeys.post(ID, activeVersion), report(findings, reportVersion));
    render(
      <NextIntlClientProvider locale="en" messages={{ review, common }} timeZone="UTC">
        <QueryClientProvider client={client}>
          <Suspense fallback="loading">
            <VersionsPanel id={ID} />
          </Suspense>
        </QueryClientProvider>
      </NextIntlClientProvider>,
    );
    return fetch;
  }

  it("marks the active version's findings in the diff that shows it, from the checks panel's cached report", async () => {
    const fetch = panel(2, 2);
    const diff = await screen.findByText((_, el) => el?.getAttribute("data-diff-mode") === "inline");
    expect(marks(diff).map(seen).join("")).toBe("гарантии дохода");
    fireEvent.click(screen.getByRole("button", { name: "Side by side" }));
    const right = screen.getByRole("region", { name: /Version 2/ });
    expect(marks(right).map(seen).join("")).toBe("гарантии дохода");
    expect(marks(screen.getByRole("region", { name: /Version 1/ }))).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("an active first version is marked on the 'from' side", async () => {
    panel(1, 1);
    // Default pair with version 1 active: 2 → 1, so version 1 is the "to" side here.
    const diff = await screen.findByText((_, el) => el?.getAttribute("data-diff-mode") === "inline");
    expect(marks(diff).map(seen)).toEqual(["каждое утро"]);
    fireEvent.change(screen.getByLabelText("From version"), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText("To version"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Side by side" }));
    expect(marks(screen.getByRole("region", { name: /Version 1/ })).map(seen)).toEqual(["каждое утро"]);
    expect(marks(screen.getByRole("region", { name: /Version 2/ }))).toHaveLength(0);
  });

  it("a report made for another version marks nothing", async () => {
    panel(2, 1);
    const diff = await screen.findByText((_, el) => el?.getAttribute("data-diff-mode") === "inline");
    expect(marks(diff)).toHaveLength(0);
  });
});
