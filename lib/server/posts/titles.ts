import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { postTitle } from "@/lib/posts/title";

/** Ids per query: well under SQLite's bound-parameter limit. */
const CHUNK = 500;

/**
 * Titles of posts named by id (the audit log, notifications), from the campaign
 * mirror in the dashboard's database: never an upstream read. A post the mirror
 * does not hold (its campaign not yet filled, or gone) has no entry; the list
 * shows its number alone.
 */
export async function postTitles(taskIds: Iterable<number>, max?: number): Promise<Map<number, string>> {
  const ids = [...new Set(taskIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  await ensureMigrated();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db().selectFrom("campaign_posts").select(["task_id", "post"]).where("task_id", "in", ids.slice(i, i + CHUNK)).execute();
    for (const r of rows) {
      const title = postTitle(textOf(r.post), max);
      if (title) out.set(Number(r.task_id), title);
    }
  }
  return out;
}

/** Campaign names the mirror knows (its sync rows), by id. */
export async function campaignNames(ids?: Iterable<number>): Promise<Map<number, string>> {
  await ensureMigrated();
  let q = db().selectFrom("campaign_sync").select(["campaign_id", "campaign_name"]);
  if (ids) {
    const list = [...new Set(ids)];
    if (list.length === 0) return new Map();
    q = q.where("campaign_id", "in", list);
  }
  return new Map((await q.execute()).map((r) => [Number(r.campaign_id), r.campaign_name]));
}

function textOf(json: string): string {
  try {
    const v = JSON.parse(json) as { text?: unknown };
    return typeof v.text === "string" ? v.text : "";
  } catch {
    return "";
  }
}
