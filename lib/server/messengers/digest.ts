import "server-only";
import { auditTelegram, botActor } from "./audit";
import { postUrl } from "./card";
import type { Messenger } from "./messenger";
import { textsFor } from "./language";
import { escapeHtml } from "./texts";
import { zoneOf } from "./zone";
import { activeCampaigns, waitingIn } from "./waiting";

const LINES = 20;

/** What waits for a decision now, soonest first, each with its link (on /digest, and daily for those who chose it), in the person's chat of messenger `m`. */
export async function sendDigest(m: Messenger, chat: string, email: string): Promise<void> {
  const waiting = await waitingIn(await activeCampaigns());
  const [zone, t] = await Promise.all([zoneOf(email), textsFor(email)]);
  if (waiting.length === 0) {
    await m.send(chat, escapeHtml(t.digestEmpty));
  } else {
    const lines = waiting.slice(0, LINES).map(({ post, planned }) => `• <a href="${escapeHtml(postUrl(m, post.task_id))}">#${post.task_id}</a> ${escapeHtml(post.campaign_name)} — ${t.when(planned, zone)}`);
    if (waiting.length > LINES) lines.push(`… +${waiting.length - LINES}`);
    await m.send(chat, `<b>${t.digestTitle(waiting.length)}</b>\n${lines.join("\n")}`);
  }
  await auditTelegram({ kind: `${m.name}.digest_sent`, actor: botActor(m.name), subject_id: email, detail: { to: email, posts: waiting.length } });
}
