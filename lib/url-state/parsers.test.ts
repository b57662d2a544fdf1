import { isParserBijective } from "nuqs/testing";
import { describe, expect, it } from "vitest";
import { parseAsDay, parseAsId, parseAsIdList, parseAsIntLiteral, parseAsPage, parseAsSearchText, parseAsSetOf } from "./parsers";

describe("URL state parsers", () => {
  it("ids: positive whole numbers of up to 15 digits, nothing else", () => {
    expect(isParserBijective(parseAsId, "42", 42)).toBe(true);
    expect(parseAsId.parse("007")).toBe(7);
    for (const bad of ["", "0", "-1", "1.5", "1e3", "abc", " 4", "1234567890123456"]) expect(parseAsId.parse(bad), bad).toBeNull();
  });

  it("pages: 1-based, at most 9 digits", () => {
    expect(isParserBijective(parseAsPage, "3", 3)).toBe(true);
    for (const bad of ["0", "-2", "1.5", "abc", "1234567890"]) expect(parseAsPage.parse(bad), bad).toBeNull();
  });

  it("number literals accept only the plain spelling of a listed value", () => {
    const p = parseAsIntLiteral([20, 50, 100] as const);
    expect(isParserBijective(p, "50", 50)).toBe(true);
    for (const bad of ["33", "50.0", "5e1", "0x14", " 50", ""]) expect(p.parse(bad), bad).toBeNull();
  });

  it("days exist on the calendar", () => {
    expect(isParserBijective(parseAsDay, "2026-02-28", "2026-02-28")).toBe(true);
    expect(parseAsDay.parse("2024-02-29")).toBe("2024-02-29");
    for (const bad of ["2026-02-29", "2026-02-30", "2026-13-01", "2026-1-1", "yesterday", "2026-01-01T00:00"]) {
      expect(parseAsDay.parse(bad), bad).toBeNull();
    }
  });

  it("sets: known values only, in canonical order, without repeats, any case", () => {
    const p = parseAsSetOf(["A", "B", "C"] as const);
    expect(p.parse("c,a")).toEqual(["A", "C"]);
    expect(p.parse("b, B ,x,,B")).toEqual(["B"]);
    expect(p.parse("X,Y")).toBeNull();
    expect(p.parse("")).toBeNull();
    // Written canonically, with literal commas, whatever order the state holds.
    expect(p.serialize(["C", "A"])).toBe("A,C");
    expect(p.eq(["C", "A"], ["A", "C"])).toBe(true);
    expect(isParserBijective<("A" | "B" | "C")[]>(p, "A,B,C", ["A", "B", "C"])).toBe(true);
  });

  it("id lists keep their order, drop repeats and junk, and stop at the cap", () => {
    const p = parseAsIdList(3);
    expect(p.parse("9,x,3,9,0,4,5")).toEqual([9, 3, 4]);
    expect(p.parse("a,b")).toEqual([]);
    expect(isParserBijective(p, "12,5", [12, 5])).toBe(true);
  });

  it("search text keeps what is typed but writes it trimmed; blank equals the empty default", () => {
    const p = parseAsSearchText(5);
    expect(p.parse("абвгдеж")).toBe("абвгд");
    expect(p.serialize("  кофе ")).toBe("кофе");
    expect(p.eq("  ", "")).toBe(true);
    expect(p.eq("кофе ", "кофе м")).toBe(false);
  });
});
