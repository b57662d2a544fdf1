import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { postTitle } from "@/lib/posts/title";

const CHUNK = 500;

/**
 * The titles of posts an export names, from the campaign mirror the service
 * keeps in the database (lib/server/mirror): no upstream read per export. A post
 * not mirrored (yet) has no title: its cell is empty and the number still names it.
 */
export async function postTitles(taskIds: Iterable<number | null | undefined>): Promise<Map<number, string>> {
  const ids = [...new Set([...taskIds].filter((id): id is number => typeof id === "number"))];
  const titles = new Map<number, string>();
  if (ids.length === 0) return titles;
  await ensureMigrated();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db().selectFrom("campaign_posts").select(["task_id", "post"]).where("task_id", "in", ids.slice(i, i + CHUNK)).execute();
    for (const r of rows) {
      try {
        const text = (JSON.parse(r.post) as { text?: unknown }).text;
        if (typeof text === "string") titles.set(Number(r.task_id), postTitle(text));
      } catch {
        // A copy that does not parse names no title; the number still names the post.
      }
    }
  }
  return titles;
}
