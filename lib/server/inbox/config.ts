import "server-only";
/**
 * The inbox's knobs. The env module gives the team's figures
 * (`inboxConfigFromEnv` in ./index); tests build their own. Its refresh
 * timings belong to the upstream scheduler (lib/server/scheduler).
 */
export type InboxConfig = {
  /** The key's hourly cap (BUDGET_REQUESTS_PER_HOUR). */
  hourlyBudget: number;
  /** A post planned within this is due soon (INBOX_DUE_SOON_MINUTES). */
  dueSoonMs: number;
  /** Someone used the inbox within this: it counts as running (INBOX_IDLE_MINUTES). */
  idleMs: number;
  /** How long a request waits for campaigns being filled before answering with what is known. */
  firstPassWaitMs: number;
  /** Campaign mirrors read at once. */
  concurrency: number;
};

export const DEFAULT_INBOX_CONFIG: InboxConfig = {
  hourlyBudget: 1000,
  dueSoonMs: 120 * 60_000,
  idleMs: 5 * 60_000,
  firstPassWaitMs: 8_000,
  concurrency: 4,
};
