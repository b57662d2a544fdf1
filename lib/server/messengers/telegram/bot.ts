import "server-only";
import { Bot, type Context } from "grammy";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { can } from "@/lib/auth/roles";
import { log } from "@/lib/server/log";
import { redis, redisKey, redisMode } from "@/lib/server/redis";
import { isKnownCampaign } from "../known-campaign";
import { currentUser, personFor } from "./access";
import { auditTelegram } from "./audit";
import { safeError, type TelegramConfig } from "./config";
import { sendDigest } from "./digest";
import { handlePress, handleReasonText } from "../press";
import { telegramMessenger } from "./messenger";
import { bindChat, campaignsOfChat, consumeLinkCode, linkByTgUser, saveLink, unbindChat, unlink } from "./store";
import { appLanguage, textsFor } from "./language";
import { botTexts, type BotTexts } from "./texts";

/** Per chat: this many updates in this many seconds; more are dropped (a press gets a short answer). */
const CHAT_POINTS = 20;
const CHAT_SECONDS = 10;

const isPrivate = (ctx: Context) => ctx.chat?.type === "private";

/** The texts for whoever wrote: a linked person's own language, else their Telegram app's. */
async function textsOf(ctx: Context, email?: string | null): Promise<BotTexts> {
  return email ? textsFor(email) : botTexts(appLanguage(ctx.from?.language_code));
}

/**
 * The bot's handlers, on grammY. Who may do what is decided per update from
 * the database (links, team chats) and the person's current role, so the same
 * bot serves long polling and any number of webhook instances. Updates from a
 * group chat no campaign is bound to are ignored, but for an admin's /bind.
 */
export function createBot(c: TelegramConfig, o: { botInfo?: Bot["botInfo"]; chatLimit?: { points: number; seconds: number } } = {}): Bot {
  const bot = new Bot(c.token, { client: { apiRoot: c.apiRoot }, ...(o.botInfo ? { botInfo: o.botInfo } : {}) });
  // With Redis (production mode) the count is shared, so webhook updates spread over instances are limited together.
  const { points, seconds: duration } = o.chatLimit ?? { points: CHAT_POINTS, seconds: CHAT_SECONDS };
  const limiter: RateLimiterAbstract = redisMode()
    ? new RateLimiterRedis({ storeClient: redis(), keyPrefix: redisKey("telegram", "chat"), points, duration, insuranceLimiter: new RateLimiterMemory({ points, duration }) })
    : new RateLimiterMemory({ points, duration });

  bot.use(async (ctx, next) => {
    const chatId = ctx.chat?.id ?? ctx.from?.id;
    if (chatId === undefined) return;
    try {
      await limiter.consume(String(chatId));
    } catch (e) {
      // A refusal is a RateLimiterRes; an Error is the store failing (the insurance limiter took over), not a refusal.
      if (e instanceof Error) log.warn("telegram rate limiter unavailable", { error: e.message });
      else {
        if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: (await textsOf(ctx)).tooFast }).catch(() => undefined);
        return;
      }
    }
    if (isPrivate(ctx)) return next();
    // A group: only a bound chat, or a command that binds one.
    const bound = (await campaignsOfChat(String(chatId))).length > 0;
    const text = ctx.message?.text ?? "";
    if (bound || /^\/(bind|unbind)(@\w+)?(\s|$)/.test(text)) return next();
  });

  bot.command("start", async (ctx) => {
    if (!isPrivate(ctx) || !ctx.from) return;
    const code = ctx.match.trim();
    if (code) {
      const email = /^[A-Za-z0-9_-]{8,64}$/.test(code) ? await consumeLinkCode(code) : null;
      const user = email ? await currentUser(email) : null;
      if (!email || !user) return void (await ctx.reply((await textsOf(ctx)).linkFailed));
      await saveLink({ email, tgUserId: String(ctx.from.id), chatId: String(ctx.chat.id), username: ctx.from.username ?? null });
      await auditTelegram({ kind: "telegram.linked", actor: { email: user.email, name: user.name, role: user.role }, subject_id: email, detail: { username: ctx.from.username ?? null } });
      const t = await textsOf(ctx, email);
      return void (await ctx.reply(t.linked(user.name, t.role(user.role))));
    }
    const person = await personFor(ctx.from.id);
    const t = await textsOf(ctx, person?.email);
    await ctx.reply(person ? t.help : t.strangers);
  });

  bot.command("unlink", async (ctx) => {
    if (!isPrivate(ctx) || !ctx.from) return;
    const link = await linkByTgUser(String(ctx.from.id));
    const t = await textsOf(ctx, link?.email);
    if (!link || !(await unlink({ tgUserId: String(ctx.from.id) }))) return void (await ctx.reply(t.notLinked));
    await auditTelegram({ kind: "telegram.unlinked", actor: { email: link.email, name: link.email, role: "unknown" }, subject_id: link.email, detail: { from: "telegram" } });
    await ctx.reply(t.unlinked);
  });

  bot.command("digest", async (ctx) => {
    if (!isPrivate(ctx) || !ctx.from) return;
    const person = await personFor(ctx.from.id);
    if (!person) return void (await ctx.reply((await textsOf(ctx)).strangers));
    await sendDigest(ctx.api, c, person);
  });

  bot.command(["bind", "unbind"], async (ctx) => {
    if (isPrivate(ctx) || !ctx.from || !ctx.chat) return;
    const person = await personFor(ctx.from.id);
    if (!person) return; // a stranger in a group is not answered at all
    // A team chat: the team's language, whoever typed the command.
    const t = botTexts();
    if (!can(person.role, "policy:manage")) return void (await ctx.reply(t.adminsOnly));
    const id = Number(ctx.match.trim());
    if (!Number.isSafeInteger(id) || id <= 0) return void (await ctx.reply(t.bindUsage));
    const chatId = String(ctx.chat.id);
    const binding = ctx.message?.text?.startsWith("/bind") ?? false;
    // Unbinding stays possible for a campaign gone since; binding needs one the dashboard knows.
    if (binding && !(await isKnownCampaign(id))) return void (await ctx.reply(t.unknownCampaign(id)));
    if (binding) await bindChat({ campaignId: id, chatId, title: "title" in ctx.chat ? (ctx.chat.title ?? null) : null, by: person.email });
    else await unbindChat(id, chatId);
    await auditTelegram({ kind: binding ? "telegram.chat_bound" : "telegram.chat_unbound", actor: { email: person.email, name: person.name, role: person.role }, campaign_id: id, subject_id: chatId });
    await ctx.reply(binding ? t.bound(id) : t.unbound(id));
  });

  bot.on("callback_query:data", async (ctx) => {
    const chatId = ctx.callbackQuery.message?.chat.id;
    if (chatId === undefined) return void (await ctx.answerCallbackQuery());
    await handlePress({
      m: telegramMessenger(ctx.api, c),
      chatId: String(chatId),
      fromId: ctx.from.id,
      data: ctx.callbackQuery.data,
      language: ctx.from.language_code,
      reply: { answer: async (text, alert) => void (await ctx.answerCallbackQuery({ text: text.slice(0, 200), show_alert: alert ?? false }).catch(() => undefined)) },
    });
  });

  bot.on("message:text", async (ctx) => {
    const handled = await handleReasonText({ m: telegramMessenger(ctx.api, c), chatId: String(ctx.chat.id), fromId: ctx.from.id, text: ctx.message.text, say: async (text) => void (await ctx.reply(text)) });
    if (handled || !isPrivate(ctx)) return;
    const person = await personFor(ctx.from.id);
    const t = await textsOf(ctx, person?.email);
    await ctx.reply(person ? t.help : t.strangers);
  });

  bot.catch((err) => log.error("telegram update failed", { update_id: err.ctx.update.update_id, error: safeError(err.error, c) }));
  return bot;
}
