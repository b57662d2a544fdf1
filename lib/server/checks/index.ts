import "server-only";
/*
 * The server side of the checks: stored rule sets, reports cached per post
 * version, the corpus of texts already read, the approve gate.
 */
export { reportFor, reportOf, reportsOfRows, subjectOf, type ReportSubject, type StoredReport } from "./reports";
export { rulesFor, teamRules, saveRules, rulesHash, type RuleSetView } from "./rules-store";
export { recordSeen, nearDupIndex, type SeenPost } from "./corpus";
export { assertChecksClear, CHECK_BLOCKED } from "./gate";
export { assertLimitsConfirmed, CONFIRMATION_REQUIRED } from "./limits-gate";
