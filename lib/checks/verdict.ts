import type { Report, RuleId, Verdict } from "./types";

/** Questions the approval policy (and the lists) ask of a report. */
// A capped report keeps a blocking finding when there is one (lib/checks/caps.ts); `more` is asked too all the same.
export const hasBlocking = (r: Pick<Report, "findings" | "more">): boolean => r.findings.some((f) => f.severity === "block") || (r.more ?? []).some((m) => m.block > 0);
export const hasWarnings = (r: Pick<Report, "findings" | "more">): boolean => r.findings.some((f) => f.severity === "warn") || (r.more ?? []).some((m) => m.warn > 0);
export const hasFindings = (r: Pick<Report, "findings">): boolean => r.findings.length > 0;
export const hasRule = (r: Pick<Report, "findings">, rule: RuleId | string): boolean => r.findings.some((f) => f.rule === rule);

export function verdictOf(r: Pick<Report, "findings" | "more">): Verdict {
  return hasBlocking(r) ? "blocked" : hasWarnings(r) ? "warnings" : "clean";
}

/** Every finding of the report, those left out past its caps too. */
export function countsOf(r: Pick<Report, "findings" | "more">): { warn: number; block: number } {
  let warn = 0;
  let block = 0;
  for (const m of r.more ?? []) {
    warn += m.warn;
    block += m.block;
  }
  for (const f of r.findings) {
    if (f.severity === "block") block++;
    else warn++;
  }
  return { warn, block };
}
