/**
 * The inbox's refresh knobs. The env module gives the team's figures
 * (`inboxConfigFromEnv` in ./index); tests and the benchmark build their own.
 */
export type InboxConfig = {
  /** The key's hourly cap (BUDGET_REQUESTS_PER_HOUR). */
  hourlyBudget: number;
  /** Share of it the background refresh may spend (INBOX_BUDGET_SHARE). */
  budgetShare: number;
  /** A post planned within this is due soon (INBOX_DUE_SOON_MINUTES). */
  dueSoonMs: number;
  /** The refresh stops this long after the last inbox request (INBOX_IDLE_MINUTES). */
  idleMs: number;
  /** Refresh intervals by what a campaign holds; each a ladder step (15 s × 2^k), see policy.ts. */
  dueSoonEveryMs: number;
  busyEveryMs: number;
  quietEveryMs: number;
  /** A campaign whose waiting set changed this recently is busy. */
  busyWindowMs: number;
  /** A campaign named by an inbox request is looked at for this long. */
  watchMs: number;
  /** How often the list of active and frozen campaigns is read (it changes rarely, and only upstream). */
  campaignsEveryMs: number;
  /** Notifications postpone a campaign's poll, but its list is read at least this often (a lost notification is caught). */
  maxListAgeMs: number;
  /** How long the first inbox request waits for the first pass before answering with what it has. */
  firstPassWaitMs: number;
  /** Campaign lists read at once. */
  concurrency: number;
  /** Share of the inbox's budget the plan uses; the rest absorbs first passes and full refetches. */
  planShare: number;
};

export const DEFAULT_INBOX_CONFIG: InboxConfig = {
  hourlyBudget: 1000,
  budgetShare: 0.5,
  dueSoonMs: 120 * 60_000,
  idleMs: 5 * 60_000,
  dueSoonEveryMs: 30_000,
  busyEveryMs: 60_000,
  quietEveryMs: 120_000,
  busyWindowMs: 10 * 60_000,
  watchMs: 2 * 60_000,
  campaignsEveryMs: 5 * 60_000,
  maxListAgeMs: 5 * 60_000,
  firstPassWaitMs: 8_000,
  concurrency: 4,
  planShare: 0.9,
};
