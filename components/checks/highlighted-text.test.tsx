// @vitest-environment jsdom
// Findings are marked in the post's text like a linter, at their exact UTF-16 ranges, with their notes;
// a text or a note that looks like markup stays text.
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import review from "@/messages/ru/review.json";
import type { Finding } from "@/lib/checks/types";
import { FindingList } from "./finding-list";
import { HighlightedText } from "./highlighted-text";
import { segmentsOf } from "./segments";

afterEach(cleanup);

const f = (start: number, end: number, severity: "warn" | "block" = "warn", rule: Finding["rule"] = "banned", note = "заметка"): Finding => ({ rule, severity, start, end, note });

describe("segmentsOf", () => {
  it("cuts at every edge and gives an overlap both findings; whole-post findings mark nothing", () => {
    const text = "abcdefghij";
    const s = segmentsOf(text, [f(2, 6), f(4, 8), f(0, 0), f(9, 50)]);
    expect(s.map((x) => [x.text, x.findings])).toEqual([
      ["ab", []],
      ["cd", [0]],
      ["ef", [0, 1]],
      ["gh", [1]],
      ["i", []],
      ["j", [3]],
    ]);
    expect(s.map((x) => x.text).join("")).toBe(text);
  });
});

describe("HighlightedText", () => {
  it("marks the ranges after an emoji exactly and keeps markup in the text as text", () => {
    const text = "😀 <b>гарантию</b> дохода <img src=x onerror=alert(1)>";
    const start = text.indexOf("гарантию");
    const findings = [f(start, start + "гарантию".length, "block", "banned", "<script>alert(1)</script> нельзя"), f(text.indexOf("<img"), text.length)];
    const { container } = render(
      <NextIntlClientProvider locale="ru" messages={{ review }}>
        <HighlightedText text={text} findings={findings} idPrefix="t" />
      </NextIntlClientProvider>,
    );
    const marks = container.querySelectorAll("mark");
    expect([...marks].map((m) => m.textContent)).toEqual(["гарантию", "<img src=x onerror=alert(1)>"]);
    expect(marks[0]!.dataset.severity).toBe("block");
    expect(marks[0]!.title).toBe("<script>alert(1)</script> нельзя");
    expect(marks[0]!.getAttribute("aria-describedby")).toBe("t-0");
    expect(container.querySelector("img, b, script")).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it("lists each finding with its severity, the words it marks and its note", () => {
    const text = "Гарантия дохода, без хештега";
    render(
      <NextIntlClientProvider locale="ru" messages={{ review }}>
        <FindingList text={text} findings={[f(0, 15, "block", "banned", "Доход обещать нельзя"), f(0, 0, "warn", "hashtag", "В посте нет хештега")]} idPrefix="t" />
      </NextIntlClientProvider>,
    );
    const items = screen.getAllByRole("listitem");
    expect(items[0]!.textContent).toContain("Блокирует");
    expect(items[0]!.textContent).toContain("Гарантия дохода");
    expect(items[0]!.textContent).toContain("Доход обещать нельзя");
    expect(items[1]!.textContent).toContain("весь пост");
    expect(items[1]!.id).toBe("t-1");
  });
});
