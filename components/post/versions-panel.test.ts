import { describe, expect, it } from "vitest";
import { defaultPair } from "./versions-panel";

describe("defaultPair", () => {
  const v = (n: number, active = false) => ({ version_number: n, text_content: `v${n}`, source: "REGENERATION", is_active: active, created_at: "2026-11-21T10:00:00+03:00" });

  it("compares the version before the active one with the active one", () => {
    expect(defaultPair([v(1), v(2), v(3, true), v(4)])).toEqual([2, 3]);
    expect(defaultPair([v(3), v(1), v(2, true)])).toEqual([1, 2]);
  });

  it("falls back sensibly when the active one is first or missing", () => {
    expect(defaultPair([v(1, true), v(2)])).toEqual([2, 1]);
    expect(defaultPair([v(1), v(2)])).toEqual([1, 2]);
    expect(defaultPair([v(1, true)])).toBeNull();
  });
});
