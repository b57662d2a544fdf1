import { describe, expect, it } from "vitest";
import { postBody, postTitle, TITLE_MAX } from "./title";

describe("postTitle", () => {
  it("is the first line of the text, trimmed", () => {
    expect(postTitle("  ☕ Кофе дня: раф  \n\nСегодня в нашей кофейне особенный день.")).toBe("☕ Кофе дня: раф");
  });

  it("skips blank leading lines and collapses inner whitespace", () => {
    expect(postTitle("\n \n\tДоброе   утро,\tсоседи!\nВторая строка")).toBe("Доброе утро, соседи!");
  });

  it("drops markup a caption may carry", () => {
    expect(postTitle("<b>Пятничный</b> раф\nтекст")).toBe("Пятничный раф");
    expect(postTitle("## **Бариста советует**")).toBe("Бариста советует");
    expect(postTitle("- Каппинг в эту пятницу")).toBe("Каппинг в эту пятницу");
  });

  it("cuts a long first line at a word break with an ellipsis, within the limit", () => {
    const line = "Сегодня в нашей кофейне особенный день: бариста приготовит раф по собственному рецепту";
    const title = postTitle(line, 40);
    expect(Array.from(title).length).toBeLessThanOrEqual(40);
    expect(title.endsWith("…")).toBe(true);
    expect(line.startsWith(title.slice(0, -1))).toBe(true);
    // Ends on a whole word, without a dangling comma or colon.
    expect(title).toBe("Сегодня в нашей кофейне особенный день…");
  });

  it("cuts inside a word when no space is near", () => {
    expect(postTitle("Сверхдлинноесловобезпробелов", 10)).toBe("Сверхдлин…");
  });

  it("never splits an emoji", () => {
    const title = postTitle("🍂".repeat(20), 5);
    expect(Array.from(title)).toEqual(["🍂", "🍂", "🍂", "🍂", "…"]);
  });

  it("keeps a short line whole and defaults to TITLE_MAX", () => {
    expect(postTitle("Осень в чашке 🍂")).toBe("Осень в чашке 🍂");
    expect(Array.from(postTitle("слово ".repeat(50))).length).toBeLessThanOrEqual(TITLE_MAX);
  });

  it("is empty for empty or blank text", () => {
    expect(postTitle("")).toBe("");
    expect(postTitle(" \n\n  ")).toBe("");
  });
});

describe("postBody", () => {
  it("is the text after the title line, so a list does not show the first line twice", () => {
    expect(postBody("\n☕ Кофе дня\n\nСегодня особенный день.\nВторая строка")).toBe("Сегодня особенный день.\nВторая строка");
  });

  it("is empty for a text of one line or none", () => {
    expect(postBody("Только заголовок")).toBe("");
    expect(postBody("  \n ")).toBe("");
  });
});
