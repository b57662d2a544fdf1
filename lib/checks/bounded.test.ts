import { describe, expect, it } from "vitest";
import { checkPost, CheckRules, MAX_FINDINGS, MAX_PER_RULE } from "@/lib/checks";
import { countsOf, verdictOf } from "@/lib/checks/verdict";

/*
 * A report is bounded whatever the input: a 5,000-word post under 500
 * one-letter banned phrases (each letter banned ten times over) is checked
 * in well under 2 s into a report of well under 2 MB that still counts every
 * finding, keeps the blocking one, and says what its time budget left out.
 */

const LETTERS = [..."абвгдежзиклмнопрстуфхцчшэюяabcdefghijklmnopqrstuvwx"].slice(0, 50);
const rules = CheckRules.parse({
  banned: Array.from({ length: 500 }, (_, i) => ({ phrase: LETTERS[i % 50]!, severity: i === 499 ? "block" : "warn", note: `правило ${i} `.repeat(20).trim().slice(0, 200) })),
});
const text = Array.from({ length: 5000 }, (_, i) => LETTERS[(i * 7) % 50]).join(" ");
const post = { task_id: 1, campaign_id: 1, text };

describe("bounded checks", () => {
  it("a 5,000-word post under 500 one-letter phrases: ≤ 2 s, ≤ 2 MB, capped with the rest counted", () => {
    const t0 = performance.now();
    const r = checkPost(post, rules);
    const ms = performance.now() - t0;
    const bytes = Buffer.byteLength(JSON.stringify(r));
    expect(ms).toBeLessThan(2_000);
    expect(bytes).toBeLessThan(2_000_000);
    expect(r.findings.length).toBeLessThanOrEqual(MAX_FINDINGS);
    expect(r.findings.filter((f) => f.rule === "banned").length).toBeLessThanOrEqual(MAX_PER_RULE);
    // Every word is one banned letter: 5,000 findings in all, none lost from the counts.
    const banned = r.more?.find((m) => m.rule === "banned");
    expect(banned).toBeDefined();
    expect(countsOf(r).warn + countsOf(r).block).toBe(5000 + r.findings.filter((f) => f.rule !== "banned").length);
    // Rule 499 bans its letter as blocking (over nine warning copies): the verdict stays blocked.
    expect(verdictOf(r)).toBe("blocked");
    expect(r.findings.some((f) => f.severity === "block")).toBe(true);
  });

  it("what the time budget did not reach is said, never taken for clean", () => {
    let t = 0;
    // A clock that moves 1 s per look: the budget is spent before the first stage ends.
    const r = checkPost(post, rules, { deadline: 500, now: () => (t += 1000) - 1000 });
    expect(r.unchecked).toEqual(expect.arrayContaining(["banned", "hashtag", "caps"]));
    const fresh = checkPost({ ...post, text: "чистый текст без фраз" }, rules);
    expect(fresh.unchecked).toBeUndefined();
    expect(fresh.more).toBeUndefined();
  });
});
