import "server-only";
import { log } from "@/lib/server/log";
import { waitingOfCampaign } from "./corpus";
import { reportOf } from "./reports";

/** `unchecked`: waiting posts the save's time budget did not reach (re-checked when next listed or opened). */
export type Flagged = { waiting: number; warnings: number; blocked: number; unchecked: number };

/** How long a rules save spends re-checking waiting posts before it answers. */
const FLAGGED_BUDGET_MS = 600;

/**
 * How many of the campaign's waiting posts (as the dashboard last read them)
 * the rule set now flags: what saving a rule set answers. Re-checks them under
 * the new rules and stores the reports, so the lists show it at once.
 */
export async function flaggedWaiting(campaignId: number, budgetMs = FLAGGED_BUDGET_MS): Promise<Flagged> {
  const out: Flagged = { waiting: 0, warnings: 0, blocked: 0, unchecked: 0 };
  const deadline = Date.now() + budgetMs;
  for (const p of await waitingOfCampaign(campaignId)) {
    if (Date.now() > deadline) {
      out.unchecked++;
      continue;
    }
    try {
      const r = await reportOf(p);
      out.waiting++;
      if (r.verdict === "blocked") out.blocked++;
      else if (r.verdict === "warnings") out.warnings++;
    } catch (e) {
      log.warn("checks: re-check failed", { taskId: p.task_id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return out;
}
