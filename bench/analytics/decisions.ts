import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";

const DAY_MS = 86_400_000;
const PEOPLE = [["anna", "Анна"], ["boris", "Борис"], ["vera", "Вера"], ["gleb", "Глеб"]] as const;

/**
 * `count` successful single decisions by four editors spread over the 89 days
 * before `nowMs`, on the given posts (30 % rejections with a reason category),
 * written straight into the audit log: what review analytics reads. Seeded, so
 * every run holds the same decisions for the same posts.
 */
export async function seedDecisions(db: Kysely<Database>, posts: readonly { task_id: number; campaign_id: number }[], count: number, nowMs: number): Promise<void> {
  if (posts.length === 0) throw new Error("no posts to decide on");
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const rows = Array.from({ length: count }, (_, i) => {
    const post = posts[Math.floor(random() * posts.length)] as { task_id: number; campaign_id: number };
    const [user, name] = PEOPLE[i % PEOPLE.length] as (typeof PEOPLE)[number];
    const rejectIt = random() < 0.3;
    return {
      at: new Date(nowMs - random() * 89 * DAY_MS).toISOString(), user_email: `${user}@example.com`, user_name: name, role: "editor",
      task_id: post.task_id, campaign_id: post.campaign_id, version_number: 1, version_seen: 1, action: rejectIt ? ("reject" as const) : ("approve" as const),
      reason: rejectIt ? "тон" : null, reason_category: rejectIt ? (["tone", "facts", "media", "other"][i % 4] ?? null) : null, note: null, source: "single" as const,
      status_after: rejectIt ? "CANCELED" : "APPROVED", result: rejectIt ? "rejected_now" : "approved_now", error_code: null, http_status: 200, duration_ms: 40,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insertInto("audit_log").values(rows.slice(i, i + 500)).execute();
}
