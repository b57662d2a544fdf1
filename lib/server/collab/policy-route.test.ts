import { describe, expect, it } from "vitest";
import type { PolicyStep, VerdictView } from "@/lib/schemas/collab";
import { evaluateRoute, signoffStanding } from "./policy-route";

let id = 0;
const v = (email: string, role: string, verdict: "ok" | "changes" = "ok"): VerdictView => ({
  id: ++id,
  task_id: 1,
  version: 2,
  verdict,
  note: verdict === "changes" ? "правки" : null,
  reviewer_email: email,
  reviewer_name: email.split("@")[0]!,
  reviewer_role: role,
  at: "2026-11-27T10:00:00.000Z",
});
const reviewer: PolicyStep = { who: { role: "reviewer" }, need: "any", when: { kind: "always" } };
const lawyers: PolicyStep = { who: { group: "Юристы", members: ["a@x.ru", "b@x.ru"] }, need: "all", when: { kind: "rule", rule: "ad_label" } };
const flagged: PolicyStep = { who: { role: "editor" }, need: "any", when: { kind: "warnings" } };
const people = new Map([["reviewer", ["r1@x.ru", "r2@x.ru"]]]);
const run = (signoff: PolicyStep[], current: VerdictView[], findings: { warnings: boolean; rules: string[] } | null = { warnings: false, rules: [] }, approver?: string) =>
  evaluateRoute({ signoff, current, findings, people, ...(approver ? { approver: { email: approver } } : {}) });

describe("the approval route of a post version", () => {
  it("a role step counts only that role's 'ok', never a visitor's, never the approver's own", () => {
    expect(run([reviewer], [v("e2@x.ru", "editor")]).signedOff).toBe(false);
    expect(run([reviewer], [v("external:Клиент", "external")]).signedOff).toBe(false);
    expect(run([reviewer], [v("r1@x.ru", "reviewer")], undefined, "R1@x.ru").signedOff).toBe(false);
    expect(run([reviewer], [v("r1@x.ru", "reviewer")], undefined, "editor@x.ru").signedOff).toBe(true);
  });

  it("anyone's 'changes' holds the route; a visitor's does not", () => {
    expect(run([reviewer], [v("r1@x.ru", "reviewer"), v("r2@x.ru", "reviewer", "changes")])).toMatchObject({ signedOff: false, changes: true });
    expect(run([reviewer], [v("r1@x.ru", "reviewer"), v("external:Гость", "external", "changes")])).toMatchObject({ signedOff: true, changes: false });
  });

  it("'all' of a group waits for each member (the approver left out), and names who is awaited", () => {
    const withRule = { warnings: true, rules: ["ad_label"] };
    const one = run([lawyers], [v("a@x.ru", "reviewer")], withRule);
    expect(one.signedOff).toBe(false);
    expect(one.states[0]).toMatchObject({ applies: true, passed: false, waiting_for: ["b@x.ru"] });
    expect(run([lawyers], [v("a@x.ru", "reviewer"), v("b@x.ru", "editor")], withRule).signedOff).toBe(true);
    // b approves: a's "ok" alone is every other member's.
    expect(run([lawyers], [v("a@x.ru", "reviewer")], withRule, "b@x.ru").signedOff).toBe(true);
  });

  it("'all' of a role is every person of that role", () => {
    const all: PolicyStep = { ...reviewer, need: "all" };
    expect(run([all], [v("r1@x.ru", "reviewer")]).states[0]).toMatchObject({ passed: false, waiting_for: ["r2@x.ru"] });
    expect(run([all], [v("r1@x.ru", "reviewer"), v("r2@x.ru", "reviewer")]).signedOff).toBe(true);
  });

  it("conditional steps apply by the version's findings, and apply when the findings are not known", () => {
    expect(run([lawyers, flagged], [], { warnings: false, rules: [] })).toMatchObject({ signedOff: true, states: [{ applies: false }, { applies: false }] });
    expect(run([lawyers, flagged], [], { warnings: true, rules: ["banned"] }).states.map((s) => s.applies)).toEqual([false, true]);
    expect(run([lawyers, flagged], [], { warnings: true, rules: ["ad_label"] }).states.map((s) => s.applies)).toEqual([true, true]);
    expect(run([lawyers, flagged], [], null).states.map((s) => s.applies)).toEqual([true, true]);
  });
});

describe("signoffStanding: what the queue row and the post page both say", () => {
  const legal = { who: { group: "Юристы", members: ["l@x.ru"] }, need: "any", when: { kind: "rule", rule: "banned" } } as PolicyStep;
  it("a conditional step that does not apply: one step, nothing to sign (not «signed off» either)", () => {
    expect(signoffStanding(run([legal], [], { warnings: false, rules: [] }))).toEqual({ steps: 1, state: "not_needed" });
  });
  it("unknown findings: the step applies and waits", () => {
    expect(signoffStanding(run([legal], [], null))).toEqual({ steps: 2, state: "awaiting" });
  });
  it("signed off only by an ok of the step's people; changes hold it", () => {
    expect(signoffStanding(run([legal], [v("l@x.ru", "reviewer")], { warnings: true, rules: ["banned"] }))).toEqual({ steps: 2, state: "signed_off" });
    expect(signoffStanding(run([legal], [v("r@x.ru", "reviewer", "changes")], { warnings: false, rules: [] })).state).toBe("changes");
  });
});
