import type { Finding, More, RuleId } from "./types";

/*
 * A report's bounds: at most MAX_PER_RULE findings of one rule and
 * MAX_FINDINGS in all, the rest counted ("and N more"), so a report stays
 * small (a 5,000-word post under 500 one-letter phrases made 396 MB) and a
 * page or a JSON.stringify of it stays cheap. Blocking findings are kept
 * first, so the verdict of a capped report is the verdict of the whole one.
 */

export const MAX_PER_RULE = 50;
export const MAX_FINDINGS = 200;
/** A report's time budget in ms: what it has not reached by then is said to be unchecked. */
export const CHECK_BUDGET_MS = 1_000;

const rank = (f: Finding) => (f.severity === "block" ? 0 : 1);

export function capFindings(findings: readonly Finding[], counted: readonly More[] = []): { findings: Finding[]; more: More[] } {
  const more = new Map<RuleId, More>();
  const add = (rule: RuleId, severity: "warn" | "block", n = 1) => {
    const m = more.get(rule) ?? { rule, warn: 0, block: 0 };
    m[severity] += n;
    more.set(rule, m);
  };
  for (const m of counted) {
    if (m.warn) add(m.rule, "warn", m.warn);
    if (m.block) add(m.rule, "block", m.block);
  }
  const byRule = new Map<RuleId, number>();
  const kept: Finding[] = [];
  // Stable: blocking first, each in text order (the input is in text order).
  const ordered = [...findings].sort((a, b) => rank(a) - rank(b));
  for (const f of ordered) {
    const n = byRule.get(f.rule) ?? 0;
    if (n >= MAX_PER_RULE || kept.length >= MAX_FINDINGS) {
      add(f.rule, f.severity);
      continue;
    }
    byRule.set(f.rule, n + 1);
    kept.push(f);
  }
  kept.sort((a, b) => a.start - b.start || a.end - b.end || a.rule.localeCompare(b.rule));
  return { findings: kept, more: [...more.values()] };
}
