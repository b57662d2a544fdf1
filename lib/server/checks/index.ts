import "server-only";
/*
 * The server side of the checks: stored rule sets, reports cached per post
 * version, the corpus of texts already read, the approve gate.
 */
export { reportOf, subjectOf } from "./reports";
export { rulesFor, teamRules, saveRules } from "./rules-store";
export { assertChecksClear } from "./gate";
export { assertLimitsConfirmed, CONFIRMATION_REQUIRED } from "./limits-gate";
