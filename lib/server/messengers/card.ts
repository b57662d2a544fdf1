import "server-only";
import { reportOf, subjectOf } from "@/lib/server/checks";
import type { PostDetail } from "@/lib/schemas";
import { postVerdicts } from "@/lib/server/collab/verdicts";
import { log } from "@/lib/server/log";
import type { Keyboard, Messenger } from "./messenger";
import { auditTelegram } from "./audit";
import { messageOf, newButtons, newCard, setCardMessage } from "./store";
import { textsFor } from "./language";
import { escapeHtml, type BotTexts } from "./texts";
import { zoneOf } from "./zone";

/** An album's size (Telegram's; MAX takes as many). */
const ALBUM_MAX = 10;

export type CardOptions = {
  /** deadline, mention, changes_requested, request, team, reminder, escalation, overdue. */
  kind: string;
  /** The first line: why the card came, in the chat's language. */
  headline: string | ((t: BotTexts) => string);
  /** A personal card's person; null for a team chat. */
  forEmail: string | null;
  /** The chat's zone for the times on the card (default: ./zone.ts for forEmail). */
  timeZone?: string;
};

export const activeVersion = (post: PostDetail): number | null => post.versions.find((v) => v.is_active)?.version_number ?? null;
export const postUrl = (m: Pick<Messenger, "baseUrl">, taskId: number) => `${m.baseUrl}/posts/${taskId}`;

async function signoffLine(taskId: number, t: BotTexts): Promise<string | null> {
  try {
    const v = await postVerdicts(taskId, "background");
    const standing = v.standing?.state;
    const state =
      v.steps <= 1 || standing === "not_needed" ? "not_needed" : v.signed_off ? "signed_off" : v.current.some((x) => x.verdict === "changes") ? "changes" : "none";
    return t.signoff(t.signoffState(state));
  } catch {
    return null; // the card goes out without it rather than not at all
  }
}

/** The checks' report of the card's version (lib/checks), as a line or two; none when it cannot be had now. */
async function checksLine(post: PostDetail, t: BotTexts): Promise<string | null> {
  try {
    const subject = subjectOf(post);
    if (!subject) return null;
    const r = await reportOf(subject, "background");
    if (r.findings.length === 0) return t.checksClean;
    const notes = r.findings.slice(0, 3).map((f) => `• ${t.note(f)}`);
    return [t.checks(r.block, r.warn), ...notes, ...(r.findings.length > 3 ? [`… +${r.findings.length - 3}`] : [])].join("\n");
  } catch {
    return null;
  }
}

/** The card's text (HTML), cut so the whole message stays within the messenger's limit, with a link to the full post. */
function cardText(post: PostDetail, o: { headline: string; signoff: string | null; checks?: string | null; url: string; timeZone: string; footer?: string; t: BotTexts; limit: number; countsMarkup?: boolean }): string {
  const { t } = o;
  const version = activeVersion(post);
  const head = [
    escapeHtml(o.headline),
    `<b>${escapeHtml(post.campaign_name)}</b> · #${post.task_id} · ${t.version(version)}`,
    `${escapeHtml(t.status(String(post.status)))}${post.published_at ? ` · ${t.planned(t.when(post.published_at, o.timeZone))}` : ""}`,
    ...(o.signoff ? [escapeHtml(o.signoff)] : []),
    ...(o.checks ? [escapeHtml(o.checks)] : []),
  ].join("\n");
  const link = `<a href="${escapeHtml(o.url)}">${t.fullText}</a>`;
  const tail = o.footer ? `\n\n${escapeHtml(o.footer)}` : "";
  // Telegram counts the text after its markup is parsed (the visible characters); MAX is held to the text as sent.
  const visible = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&(amp|lt|gt|quot);/g, "&").length;
  const size = o.countsMarkup ? (html: string) => html.length : visible;
  const room = o.limit - size(head) - size(tail) - size(link) - 8;
  let body = post.text;
  if (size(escapeHtml(body)) > room) {
    // Cut until the escaped text and its "…" fit (escaping lengthens it where markup counts).
    let n = Math.max(0, room - 1);
    for (let over = size(escapeHtml(post.text.slice(0, n))) - (room - 1); n > 0 && over > 0; over = size(escapeHtml(post.text.slice(0, n))) - (room - 1)) n -= over;
    body = `${post.text.slice(0, Math.max(0, n)).trimEnd()}…`;
  }
  return `${head}\n\n${escapeHtml(body)}\n${link}${tail}`;
}

export function keyboard(m: Messenger, taskId: number, ids: { approve: string; reject: string; open: string }, t: BotTexts): Keyboard {
  const url = postUrl(m, taskId);
  return [[{ text: t.approve, press: ids.approve }, { text: t.reject, press: ids.reject }], [m.urlButtonAllowed(url) ? { text: t.open, url } : { text: t.open, press: ids.open }]];
}

/** The post's pictures as a messenger can take them: one photo, an album, or none (video and documents are linked, not sent). */
function pictures(post: PostDetail): string[] {
  const images = (post.media?.images ?? []).filter((i) => i.url !== "");
  const album = images.filter((i) => i.in_album);
  if (album.length >= 2) return album.slice(0, ALBUM_MAX).map((i) => i.url);
  const chosen = images.find((i) => i.is_selected) ?? images[0];
  return chosen ? [chosen.url] : [];
}

/**
 * Sends one card: the post's picture(s) first when there are any (a failure
 * there, e.g. a link Telegram cannot fetch, leaves the card text-only), then
 * the text with «Согласовать», «Отклонить», «Открыть». The card row and its
 * buttons are written before sending, so a press can never name an unknown
 * card; the message id is added once Telegram answers. Throws when the text
 * itself could not be sent.
 */
export async function sendCard(m: Messenger, chatId: string, post: PostDetail, o: CardOptions): Promise<{ cardId: string; messageId: string }> {
  const version = activeVersion(post);
  const cardId = await newCard({ chatId, taskId: post.task_id, campaignId: post.campaign_id, version, kind: o.kind, forEmail: o.forEmail });
  const ids = await newButtons(cardId, ["approve", "reject", "open"] as const);
  const pics = pictures(post);
  try {
    await m.sendPictures(chatId, pics);
  } catch (e) {
    log.warn(`${m.name} card media not sent; text only`, { task_id: post.task_id, error: m.safeError(e) });
  }
  const t = await textsFor(o.forEmail);
  const [signoff, checks] = await Promise.all([signoffLine(post.task_id, t), checksLine(post, t)]);
  const timeZone = o.timeZone ?? (await zoneOf(o.forEmail));
  const headline = typeof o.headline === "string" ? o.headline : o.headline(t);
  const text = cardText(post, { headline, signoff, checks, url: postUrl(m, post.task_id), timeZone, t, limit: m.textLimit, countsMarkup: m.limitCountsMarkup });
  const messageId = await m.send(chatId, text, { buttons: keyboard(m, post.task_id, ids, t) });
  // Telegram's ids stay numbers in their column; MAX's are text.
  await setCardMessage(cardId, m.name === "telegram" ? Number(messageId) : messageId);
  await auditTelegram({
    kind: `${m.name}.card_sent`,
    task_id: post.task_id,
    campaign_id: post.campaign_id,
    subject_id: cardId,
    detail: { card_kind: o.kind, to: o.forEmail ?? `chat:${chatId}`, version, media: pics.length },
  });
  return { cardId, messageId };
}

/** The card's text with its outcome under it and no buttons (a decision, or a newer version), in the card's chat's language. */
export async function closeCard(
  m: Messenger,
  card: { chat_id: string; message_id: number | null; message_ref: string | null; for_email: string | null },
  post: PostDetail | null,
  outcome: (t: BotTexts, timeZone: string) => string,
): Promise<void> {
  const message = messageOf(card);
  if (message === null) return;
  try {
    const [t, timeZone] = await Promise.all([textsFor(card.for_email), zoneOf(card.for_email)]);
    const headline = outcome(t, timeZone);
    const text = post ? cardText(post, { headline, signoff: null, url: postUrl(m, post.task_id), timeZone, t, limit: m.textLimit, countsMarkup: m.limitCountsMarkup }) : escapeHtml(headline);
    await m.edit(card.chat_id, message, text, []);
  } catch (e) {
    log.warn(`${m.name} card not edited`, { error: m.safeError(e) });
  }
}
