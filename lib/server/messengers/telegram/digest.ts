import "server-only";
import type { Api } from "grammy";
import type { Person } from "../access";
import { auditTelegram } from "../audit";
import { postUrl } from "../card";
import type { TelegramConfig } from "./config";
import { textsFor } from "../language";
import { escapeHtml } from "../texts";
import { zoneOf } from "../zone";
import { activeCampaigns, waitingIn } from "../waiting";

const LINES = 20;

/** What waits for a decision now, soonest first, each with its link (on /digest, and daily for those who chose it). */
export async function sendDigest(api: Api, c: TelegramConfig, person: Person): Promise<void> {
  const waiting = await waitingIn(await activeCampaigns());
  const [zone, t] = await Promise.all([zoneOf(person.email), textsFor(person.email)]);
  if (waiting.length === 0) {
    await api.sendMessage(person.link.chat_id, t.digestEmpty);
  } else {
    const lines = waiting.slice(0, LINES).map(({ post, planned }) => `• <a href="${escapeHtml(postUrl(c, post.task_id))}">#${post.task_id}</a> ${escapeHtml(post.campaign_name)} — ${t.when(planned, zone)}`);
    if (waiting.length > LINES) lines.push(`… +${waiting.length - LINES}`);
    await api.sendMessage(person.link.chat_id, `<b>${t.digestTitle(waiting.length)}</b>\n${lines.join("\n")}`, { parse_mode: "HTML", link_preview_options: { is_disabled: true } });
  }
  await auditTelegram({ kind: "telegram.digest_sent", subject_id: person.email, detail: { to: person.email, posts: waiting.length } });
}
