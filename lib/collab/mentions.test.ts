import { describe, expect, it } from "vitest";
import { mentionAt } from "@/components/collab/use-mentions";
import { mentionedEmails, splitMentions } from "@/lib/collab/mentions";

describe("@mentions", () => {
  it("finds each mentioned email once, lowercased, without a sentence's full stop; an email without @ is no mention", () => {
    expect(mentionedEmails("@Reviewer@Example.com, посмотрите; и @admin@example.com. Ещё раз @reviewer@example.com! anna@example.com")).toEqual([
      "reviewer@example.com",
      "admin@example.com",
    ]);
    expect(mentionedEmails("почта@example.com и @ просто")).toEqual([]);
  });

  it("splits the text so that only mentions are marked and nothing is lost", () => {
    const body = "Привет, @editor@example.com. Готово?";
    const parts = splitMentions(body);
    expect(parts.map((p) => p.text).join("")).toBe(body);
    expect(parts.filter((p) => p.mention).map((p) => p.mention)).toEqual(["editor@example.com"]);
  });

  it("knows the @word typed just before the caret", () => {
    expect(mentionAt("Посмотрите @Анн", 15)).toEqual({ start: 11, query: "Анн" });
    expect(mentionAt("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionAt("почта@example", 13)).toBeNull();
    expect(mentionAt("@editor@example.com ", 20)).toBeNull();
  });
});
