import "server-only";
import { laneRule, MINUTE, type BudgetLike, type Lane } from "./budget";

/**
 * Which of the team's windows a refusal waits on, so a person is told
 * "this minute's budget is spent, it frees at 10:42:15" or "this hour's…"
 * rather than a bare countdown. The hour is spent when the
 * lane's share of it is gone (the hourly tokens left are at the lane's floor),
 * or when the wait is longer than any minute could hold; else it is the
 * minute (an upstream 429's pause included: the upstream's per-minute limit).
 */
export type SpentWindow = "minute" | "hour";

export function spentWindow(budget: BudgetLike, lane: Lane, retryAt: number, now: number): SpentWindow {
  const { hourlyFloor } = laneRule(budget.limits, lane);
  if (budget.snapshot().hourly <= hourlyFloor) return "hour";
  return retryAt - now > MINUTE + budget.limits.marginMs ? "hour" : "minute";
}
