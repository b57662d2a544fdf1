import "server-only";
import { DEFAULT_DUE_HOURS } from "@/lib/schemas/notify";
import { deliverTo, toWebhook, type Delivery, type NotifyConfig } from "./dispatch";
import { getSettingsMany } from "./settings";
import { claimMark } from "./store";

/** A waiting post as the inbox knows it. */
export type WaitingPost = { task_id: number; campaign_id: number; planned_ms: number };

/** The webhook is the team's channel: its deadline notice is marked under this name, at the default threshold. */
export const WEBHOOK_MARK_EMAIL = "#webhook";

/**
 * Deadline notices from the inbox's own copy of the waiting posts (no
 * upstream call): each decider (editor, admin) is told once per post and per
 * threshold they chose, when the post is planned within their N hours and
 * not yet past. The once-only mark is taken before delivering, so two
 * instances checking the same minute tell each person once; the webhook gets
 * one notice per post at the default threshold.
 */
export async function checkDeadlines(posts: readonly WaitingPost[], deciders: readonly string[], c: NotifyConfig, now = new Date()): Promise<number> {
  const t = now.getTime();
  const upcoming = posts.filter((p) => p.planned_ms > t);
  if (upcoming.length === 0) return 0;
  const settings = await getSettingsMany(deciders);
  let told = 0;
  const delivery = (p: WaitingPost, hours: number): Delivery => ({
    kind: "deadline",
    task_id: p.task_id,
    campaign_id: p.campaign_id,
    actor_name: null,
    detail: { planned_at: new Date(p.planned_ms).toISOString(), hours },
  });
  for (const [email, s] of settings) {
    const wanted = s.kinds.deadline.in_app || (s.kinds.deadline.email && c.emailAvailable);
    if (!wanted) continue;
    const horizon = t + s.due_hours * 3_600_000;
    for (const p of upcoming) {
      if (p.planned_ms > horizon) continue;
      if (!(await claimMark(email, p.task_id, `deadline:${s.due_hours}h`, now))) continue;
      await deliverTo(email, delivery(p, s.due_hours), s, c, now);
      told++;
    }
  }
  if (c.webhook) {
    for (const p of upcoming) {
      if (p.planned_ms > t + DEFAULT_DUE_HOURS * 3_600_000) continue;
      if (await claimMark(WEBHOOK_MARK_EMAIL, p.task_id, `deadline:${DEFAULT_DUE_HOURS}h`, now)) toWebhook(delivery(p, DEFAULT_DUE_HOURS), c, now);
    }
  }
  return told;
}
