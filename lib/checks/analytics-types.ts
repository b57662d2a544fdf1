/** The answer of GET /api/analytics/checks (types only: the analytics panel reads them in the browser). */
export type RuleDay = { day: string; campaign_id: number; rule: string; count: number };
export type Outcomes = { approved: number; rejected: number; approve_rate: number | null };
export type FirstVersion = { campaign_id: number; posts: number; clean: number; share: number | null };
export type ChecksAnalytics = {
  range: { from: string; to: string };
  by_rule: RuleDay[];
  decisions: { clean: Outcomes; flagged: Outcomes; unchecked: Outcomes };
  first_version: FirstVersion[];
  /** Names of the campaigns above by id (the mirror's), so they are shown and exported by name. */
  campaigns?: Record<string, string>;
};
