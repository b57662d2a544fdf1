/*
 * Checks before a person reads, so their time goes to what needs a person. Pure and client-safe: rules,
 * the check of one post version, and the questions asked of its report.
 * The server side (stored rules, reports cached per post version, the
 * near-duplicate corpus) is in ./server.
 */
export { checkPost, type CheckContext } from "./check";
export { CheckRules, DEFAULT_RULES, Severity, Level, BannedPhrase, type CheckRulesInput } from "./rules";
export { NearDupIndex, jaccard, shingles, signature } from "./minhash";
export { capFindings, MAX_FINDINGS, MAX_PER_RULE, CHECK_BUDGET_MS } from "./caps";
export { hasBlocking, hasWarnings, hasFindings, hasRule, verdictOf, countsOf } from "./verdict";
export { RULE_IDS, type RuleId, type Finding, type More, type Report, type CheckedPost, type Twin, type Verdict } from "./types";
