import "server-only";
import type { RowFacts } from "@/lib/queries/collab";
import { viewers } from "./presence";
import { rowSignoff } from "./row-signoff";
import { verdictSummaries } from "./verdicts";

/**
 * For a page of queue or inbox rows: who else has each post open, and its verdict summary
 * (database only). What GET /api/presence/rows answers, and what a first load of the queue
 * hands the browser with its rows.
 */
export async function rowFacts(taskIds: readonly number[], email: string): Promise<RowFacts> {
  const [present, summaries, signoff] = await Promise.all([viewers({ task_ids: taskIds }, email), verdictSummaries(taskIds), rowSignoff(taskIds)]);
  return { viewers: present.viewers, verdicts: Object.fromEntries([...summaries].map(([id, s]) => [String(id), s])), signoff };
}
