import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import "./tables";

/**
 * The inbox's "needs my verdict" (`?verdict=mine`), from the dashboard's own database: among
 * `taskIds`, the posts on whose latest round this person has given no verdict. A list row does
 * not carry the post's version, so (as in verdictSummaries) the latest round is the highest
 * version anyone has judged; a post nobody has judged needs everyone's.
 */
export async function needingVerdictOf(email: string, taskIds: readonly number[]): Promise<Set<number>> {
  const out = new Set(taskIds);
  if (out.size === 0) return out;
  await ensureMigrated();
  const me = email.trim().toLowerCase();
  const latest = new Map<number, { version: number; mine: boolean }>();
  // In slices: SQLite caps a statement's bound parameters.
  const ids = [...out];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db()
      .selectFrom("verdicts")
      .select(["task_id", "version", "reviewer_email"])
      .where("task_id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const seen = latest.get(r.task_id);
      const mine = r.reviewer_email.toLowerCase() === me;
      if (!seen || r.version > seen.version) latest.set(r.task_id, { version: r.version, mine });
      else if (r.version === seen.version && mine) seen.mine = true;
    }
  }
  for (const [task, round] of latest) if (round.mine) out.delete(task);
  return out;
}
