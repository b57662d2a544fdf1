import "server-only";
import { can } from "@/lib/auth/roles";
import { env } from "@/lib/env";
import type { PostDetail } from "@/lib/schemas";
import { serverText } from "@/i18n/server-text";
import { CONFIRMATION_REQUIRED } from "@/lib/server/checks";
import { decide, VERSION_CHANGED, type DecisionAction } from "@/lib/server/decisions";
import { OUTCOME_UNKNOWN } from "@/lib/server/outcomes";
import { log } from "@/lib/server/log";
import { service } from "@/lib/server/upstream-service";
import { closeCard, keyboard, postUrl, sendCard } from "./card";
import { channelsFromEnv, messengerOf } from "./channels";
import type { Keyboard, Messenger } from "./messenger";
import type { SessionUser } from "@/lib/auth/roles";
import { deciderFor } from "./people";
import { auditTelegram } from "./audit";
import { claimCard, getButton, getCard, messageOf, newButtons, openCardsOf, releaseCard, setPrompt, settleCard, takePrompt, type CardRow } from "./store";
import { appLanguage, textsFor } from "./language";
import { botTexts, escapeHtml, T, type BotTexts } from "./texts";
import { zoneOf } from "./zone";

/** How a handler talks back: the adapter's answer to a press, or a test's recorder. */
export type Reply = {
  /** A private answer to the press (a toast, or an alert when `alert`). */
  answer(text: string, alert?: boolean): Promise<void>;
};

/**
 * `fromId`: the presser as the layer names them (Telegram's id; MAX's "max:<id>").
 * `language`: the presser's app language, for answering someone the bot cannot name.
 */
export type Press = { m: Messenger; chatId: string; fromId: string | number; data: string; reply: Reply; language?: string };

/** The decision route's limit on a reason (lib/server/route/decision-route.ts): the same refusal on every path. */
const REASON_MAX = 500;
const actor = (p: SessionUser) => ({ email: p.email, name: p.name, role: p.role });

/** The card's own version of the text (a newer version's card is sent beside it), for editing the old card. */
function asOnCard(post: PostDetail, card: CardRow): PostDetail {
  const v = post.versions.find((x) => x.version_number === card.version);
  return v ? { ...post, text: v.text_content } : post;
}

async function freshPost(taskId: number): Promise<PostDetail | null> {
  try {
    return (await service.post(taskId, "background")).data;
  } catch {
    return null;
  }
}

/**
 * A press of a card's button. The callback data is only a short id: the
 * button row says which card and which action, the card says which post,
 * version, chat and person. The person is looked up again (personFor) and
 * their role checked on every press; refusals are private answers.
 */
export async function handlePress(p: Press): Promise<void> {
  const button = await getButton(p.data);
  const card = button ? await getCard(button.card_id) : undefined;
  const person = await deciderFor(p.fromId);
  // Answers in the presser's language; the card itself speaks its chat's (closeCard).
  const t = person ? await textsFor(person.email) : botTexts(appLanguage(p.language));
  if (!button || !card || card.chat_id !== p.chatId) return p.reply.answer(t.unknownButton);
  if (!person) {
    await auditTelegram({ kind: `${p.m.name}.press_refused`, task_id: card.task_id, campaign_id: card.campaign_id, subject_id: card.id, detail: { user: String(p.fromId), why: "not_linked" } });
    return p.reply.answer(t.strangers, true);
  }
  if (button.action === "open") return p.reply.answer(t.openLink(postUrl(p.m, card.task_id)), true);
  const refuse = async (why: string, text: string) => {
    await auditTelegram({ kind: `${p.m.name}.press_refused`, actor: actor(person), task_id: card.task_id, campaign_id: card.campaign_id, subject_id: card.id, detail: { action: button.action, why } });
    return p.reply.answer(text, true);
  };
  if (card.for_email && card.for_email !== person.email.toLowerCase()) return refuse("not_addressee", t.notYours);
  if (!can(person.role, "decide")) return refuse("role", t.noDecide);
  const zone = await zoneOf(card.for_email);
  if (card.decision !== null) return p.reply.answer(t.alreadyDecided(card.decided_by ?? "—", card.decided_at ? t.when(card.decided_at, zone) : "—"), true);

  await auditTelegram({ kind: `${p.m.name}.press`, actor: actor(person), task_id: card.task_id, campaign_id: card.campaign_id, subject_id: card.id, detail: { action: button.action.split(":")[0], version: card.version } });
  const [action, arg] = button.action.split(":") as [string, string | undefined];
  switch (action) {
    case "approve":
      return decideCard(p, card, person, "approve", t);
    case "confirm":
      // «Согласовать, несмотря на это», offered after the server named a platform limit the text exceeds.
      return decideCard(p, card, person, "approve", t, { confirmed: true });
    case "keep":
      await restoreButtons(p, card);
      return p.reply.answer(t.notApproved);
    case "reject":
      await p.reply.answer(t.pickCategory);
      return offerCategories(p, card, t);
    case "cat":
      await setPrompt({ chatId: p.chatId, tgUserId: String(p.fromId), cardId: card.id, category: arg ?? "other" });
      await p.reply.answer(t.askReason(t.category(arg ?? "other")));
      return askReason(p, card, arg ?? "other", t);
    case "noreason":
      await takePrompt(p.chatId, String(p.fromId));
      return decideCard(p, card, person, "reject", t, { category: arg ?? "other" });
    case "cancel":
      await takePrompt(p.chatId, String(p.fromId));
      await restoreButtons(p, card);
      return p.reply.answer(t.cancelled);
    default:
      return p.reply.answer(t.unknownButton);
  }
}

/** «Отклонить»: the card's buttons become the reject categories (REJECT_CATEGORIES) and «Отмена». */
async function offerCategories(p: Press, card: CardRow, t: BotTexts): Promise<void> {
  const codes = env().REJECT_CATEGORIES;
  const ids = await newButtons(card.id, [...codes.map((c) => `cat:${c}`), "cancel"]);
  const rows: Keyboard = [];
  for (let i = 0; i < codes.length; i += 2) rows.push(codes.slice(i, i + 2).map((c) => ({ text: t.category(c), press: ids[`cat:${c}`] as string })));
  rows.push([{ text: t.cancel, press: ids.cancel as string }]);
  await setButtons(p, card, rows);
}

async function setButtons(p: Press, card: CardRow, rows: Keyboard): Promise<void> {
  const message = messageOf(card);
  if (message !== null) await p.m.editButtons(p.chatId, message, rows).catch((e: unknown) => log.warn(`${p.m.name} keyboard not changed`, { error: p.m.safeError(e) }));
}

/** A text over a platform's limit: the card's buttons become «Согласовать, несмотря на это» and «Отмена». */
async function offerConfirmation(p: Press, card: CardRow, t: BotTexts): Promise<void> {
  const ids = await newButtons(card.id, ["confirm", "keep"] as const);
  await setButtons(p, card, [[{ text: t.approveDespite, press: ids.confirm }, { text: t.cancel, press: ids.keep }]]);
}

async function restoreButtons(p: Press, card: CardRow): Promise<void> {
  const ids = await newButtons(card.id, ["approve", "reject", "open"] as const);
  // The card's own buttons: in its chat's language.
  const t = await textsFor(card.for_email);
  await setButtons(p, card, keyboard(p.m, card.task_id, ids, t));
}

/** A category was chosen: ask for the optional reason as a reply, or «Без причины». */
async function askReason(p: Press, card: CardRow, category: string, t: BotTexts): Promise<void> {
  const ids = await newButtons(card.id, [`noreason:${category}`, "cancel"]);
  await p.m.send(p.chatId, escapeHtml(t.askReason(t.category(category))), {
    buttons: [[{ text: t.noReason, press: ids[`noreason:${category}`] as string }, { text: t.cancel, press: ids.cancel as string }]],
    replyTo: messageOf(card),
  });
}

/** A text message: the reason of a reject this person started in this chat, if one waits. Returns whether it was one. */
export async function handleReasonText(o: { m: Messenger; chatId: string; fromId: string | number; text: string; say: (text: string) => Promise<void> }): Promise<boolean> {
  const prompt = await takePrompt(o.chatId, String(o.fromId));
  if (!prompt) return false;
  const card = await getCard(prompt.card_id);
  const person = await deciderFor(o.fromId);
  if (!card) return true;
  if (!person) {
    await o.say(T.strangers);
    return true;
  }
  const t = await textsFor(person.email);
  if (!can(person.role, "decide")) {
    await o.say(t.noDecide);
    return true;
  }
  const reason = o.text.trim();
  if (reason.length > REASON_MAX) {
    // Refused as the dashboard refuses it, never cut: the reject still waits for a shorter reason.
    await setPrompt({ chatId: o.chatId, tgUserId: String(o.fromId), cardId: card.id, category: prompt.category });
    await o.say(t.reasonTooLong(REASON_MAX, reason.length));
    return true;
  }
  const reply: Reply = { answer: (text) => o.say(text) };
  await decideCard({ m: o.m, chatId: o.chatId, fromId: o.fromId, data: "", reply }, card, person, "reject", t, { category: prompt.category, reason });
  return true;
}

/**
 * The decision itself, through lib/server/decisions.ts like the dashboard's:
 * pinned to the card's version, audited with source "telegram". The card is
 * claimed first, so a second press (or a second instance) answers instead of
 * deciding again. Afterwards the card, and the post's other open cards, say
 * who decided and when; a newer version refuses the press and its card is sent.
 */
async function decideCard(p: Press, card: CardRow, person: SessionUser, action: DecisionAction, t: BotTexts, r: { category?: string; reason?: string; confirmed?: boolean } = {}): Promise<void> {
  const zone = await zoneOf(card.for_email);
  const when = (at: number | string) => t.when(at, zone); // the presser's answers: times in the card's chat's zone
  if (!(await claimCard(card.id))) {
    const now = await getCard(card.id);
    return p.reply.answer(t.alreadyDecided(now?.decided_by ?? "—", now?.decided_at ? when(now.decided_at) : "—"), true);
  }
  // Sent upstream and kept in the audit: in the team's language, whoever pressed.
  const reason = action === "reject" ? r.reason || T.category(r.category ?? "other") : undefined;
  const outcome = await decide({
    user: { email: person.email, name: person.name, role: person.role },
    taskId: card.task_id,
    action,
    version: card.version,
    ...(action === "reject" ? { reason, category: r.category ?? null } : {}),
    ...(action === "approve" && r.confirmed ? { confirmed: true } : {}),
    source: p.m.name === "max" ? "max" : "telegram",
    priority: "interactive",
  });
  const at = Date.now();
  const post = await freshPost(card.task_id);
  if (outcome.ok) {
    const result = String(outcome.result.result);
    const effective = result === "approved_now" || result === "rejected_now";
    const prior = outcome.previous;
    const lineIn = (x: BotTexts, z: string) =>
      effective
        ? action === "approve"
          ? x.approved(person.name, x.when(at, z))
          : x.rejected(person.name, x.when(at, z), reason ?? "")
        : x.decidedElsewhere(prior?.by ?? outcome.result.message, x.when(prior ? prior.at : at, z));
    await settleCard(card.id, effective ? action : "decided_elsewhere", effective ? person.name : (prior?.by ?? null), at);
    await closeCard(p.m, card, post ? asOnCard(post, card) : null, lineIn);
    const ch = channelsFromEnv();
    for (const other of await openCardsOf(card.task_id, card.id)) {
      await settleCard(other.id, "decided_elsewhere", person.name, at);
      // The post's cards in the other messenger are edited through it (a Telegram press closes the MAX card too).
      const om = messengerOf(ch, other.chat_id)?.name === p.m.name ? p.m : messengerOf(ch, other.chat_id);
      if (om) await closeCard(om, other, post ? asOnCard(post, other) : null, effective ? (x, z) => x.decidedElsewhere(person.name, x.when(at, z)) : lineIn);
    }
    return p.reply.answer(lineIn(t, zone));
  }
  const error = outcome.error;
  if (error.code === VERSION_CHANGED) {
    await settleCard(card.id, "stale", null, at);
    await closeCard(p.m, card, post ? asOnCard(post, card) : null, (x) => x.stale);
    await p.reply.answer(t.versionChanged, true);
    if (post) await sendCard(p.m, p.chatId, post, { kind: card.kind, headline: (x) => x.versionChanged, forEmail: card.for_email }).catch((e: unknown) => log.warn(`${p.m.name} new version card not sent`, { error: p.m.safeError(e) }));
    return;
  }
  if (error.status === 409 && outcome.previous) {
    const previous = outcome.previous;
    await settleCard(card.id, "decided_elsewhere", previous.by, at);
    await closeCard(p.m, card, post ? asOnCard(post, card) : null, (x, z) => x.decidedElsewhere(previous.by, x.when(previous.at, z)));
    return p.reply.answer(t.decidedElsewhere(previous.by, when(previous.at)), true);
  }
  // Not decided (or not known to be): the buttons stay, the person is told what the dashboard would say.
  await releaseCard(card.id);
  if (error.code === CONFIRMATION_REQUIRED) {
    // Over a platform's limit: asked once more, as the dashboard asks, the reason said in the answer.
    await offerConfirmation(p, card, t);
    return p.reply.answer(error.text ? serverText(error.text, t.locale) : error.message, true);
  }
  // Not a failure: nobody knows yet; the settler (lib/server/outcomes) finds out and the person is told.
  if (error.code === OUTCOME_UNKNOWN) return p.reply.answer(error.text ? serverText(error.text, t.locale) : error.message, true);
  return p.reply.answer(t.failed(error.message), true);
}
