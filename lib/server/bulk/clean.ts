import "server-only";
import { waitingOfCampaign } from "@/lib/server/checks/corpus";
import { reportOf } from "@/lib/server/checks/reports";
import { log } from "@/lib/server/log";

/** At most one job's worth (the route's limit on task_ids). */
const MAX = 100;

/**
 * "Approve all clean": the campaign's waiting posts whose text as
 * the dashboard last read it has no finding, with the version of that report
 * where it is known, oldest first. Costs no upstream call (the mirror and the
 * stored reports). The job made from them re-checks each item's active
 * version at its approve (decide()'s onlyClean), so a post that changed since
 * is left for a person, never approved on an older text's clean mark.
 */
export async function cleanWaiting(campaignId: number): Promise<{ taskIds: number[]; versions: (number | null)[] }> {
  const rows = (await waitingOfCampaign(campaignId)).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.task_id - b.task_id);
  const taskIds: number[] = [];
  const versions: (number | null)[] = [];
  for (const p of rows) {
    if (taskIds.length >= MAX) break;
    try {
      const report = await reportOf(p);
      if (report.verdict !== "clean") continue;
      taskIds.push(p.task_id);
      versions.push(report.version ?? null);
    } catch (e) {
      // Not known to be clean: left out (a person reads it).
      log.warn("approve all clean: a post could not be checked", { taskId: p.task_id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return { taskIds, versions };
}
