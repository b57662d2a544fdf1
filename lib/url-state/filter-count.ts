import type { InboxUrlState } from "./inbox";
import { QUEUE_DEFAULTS, type QueueUrlState } from "./queue";

/*
 * How many of a list's filters are set, for the phone's one "Filters" button:
 * one per filter that narrows the list, however many of its values are ticked.
 */

type Extra = { verdict: string | null; checks: string | null };

export function inboxFilterCount(state: InboxUrlState, extra: Extra): number {
  return [state.project !== null, state.campaign !== null, state.types.length > 0, state.urgencies.length > 0, extra.verdict !== null, extra.checks !== null].filter(Boolean).length;
}

/** The queue's statuses count when they differ from its default (waiting for approval); the sort is an order, not a filter. */
export function queueFilterCount(state: Pick<QueueUrlState, "statuses">, extra: Extra): number {
  const statuses = [...state.statuses].sort().join(",") !== [...QUEUE_DEFAULTS.statuses].sort().join(",");
  // The queue does not offer "needs my verdict" (the inbox's own): a link carrying it filters nothing there.
  const verdict = extra.verdict !== null && extra.verdict !== "mine";
  return [statuses, verdict, extra.checks !== null].filter(Boolean).length;
}
