import type { Report, RuleId, Verdict } from "./types";

/** Questions the approval policy (and the lists) ask of a report. */
export const hasBlocking = (r: Pick<Report, "findings">): boolean => r.findings.some((f) => f.severity === "block");
export const hasWarnings = (r: Pick<Report, "findings">): boolean => r.findings.some((f) => f.severity === "warn");
export const hasFindings = (r: Pick<Report, "findings">): boolean => r.findings.length > 0;
export const hasRule = (r: Pick<Report, "findings">, rule: RuleId | string): boolean => r.findings.some((f) => f.rule === rule);

export function verdictOf(r: Pick<Report, "findings">): Verdict {
  return hasBlocking(r) ? "blocked" : hasWarnings(r) ? "warnings" : "clean";
}

export function countsOf(r: Pick<Report, "findings">): { warn: number; block: number } {
  let warn = 0;
  let block = 0;
  for (const f of r.findings) {
    if (f.severity === "block") block++;
    else warn++;
  }
  return { warn, block };
}
