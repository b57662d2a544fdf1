import "server-only";
import { Bot, type Context } from "grammy";
import { log } from "@/lib/server/log";
import { bindCommand, linkWithCode } from "../commands";
import { chatLimiter, withinLimit } from "../rate-limit";
import { personFor } from "../access";
import { auditTelegram } from "../audit";
import { safeError, type TelegramConfig } from "./config";
import { sendDigest } from "../digest";
import { handlePress, handleReasonText } from "../press";
import { telegramMessenger } from "./messenger";
import { campaignsOfChat, linkByTgUser, saveLink, unlink } from "../store";
import { appLanguage, textsFor } from "../language";
import { botTexts, type BotTexts } from "../texts";

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
  const limiter = chatLimiter("telegram", o.chatLimit);

  bot.use(async (ctx, next) => {
    const chatId = ctx.chat?.id ?? ctx.from?.id;
    if (chatId === undefined) return;
    if (!(await withinLimit(limiter, String(chatId), "telegram"))) {
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: (await textsOf(ctx)).tooFast }).catch(() => undefined);
      return;
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
      const from = ctx.from;
      const save = (email: string) => saveLink({ email, tgUserId: String(from.id), chatId: String(ctx.chat.id), username: from.username ?? null });
      return void (await ctx.reply(await linkWithCode(code, { messenger: "telegram", save, username: from.username ?? null, stranger: await textsOf(ctx) })));
    }
    const person = await personFor(ctx.from.id);
    const t = await textsOf(ctx, person?.email);
    await ctx.reply(person ? t.help("telegram") : t.strangers);
  });

  bot.command("unlink", async (ctx) => {
    if (!isPrivate(ctx) || !ctx.from) return;
    const link = await linkByTgUser(String(ctx.from.id));
    const t = await textsOf(ctx, link?.email);
    if (!link || !(await unlink({ tgUserId: String(ctx.from.id) }))) return void (await ctx.reply(t.notLinked("telegram")));
    await auditTelegram({ kind: "telegram.unlinked", actor: { email: link.email, name: link.email, role: "unknown" }, subject_id: link.email, detail: { from: "telegram" } });
    await ctx.reply(t.unlinked);
  });

  bot.command("digest", async (ctx) => {
    if (!isPrivate(ctx) || !ctx.from) return;
    const person = await personFor(ctx.from.id);
    if (!person) return void (await ctx.reply((await textsOf(ctx)).strangers));
    await sendDigest(telegramMessenger(ctx.api, c), person.link.chat_id, person.email);
  });

  bot.command(["bind", "unbind"], async (ctx) => {
    if (isPrivate(ctx) || !ctx.from || !ctx.chat) return;
    const person = await personFor(ctx.from.id);
    if (!person) return; // a stranger in a group is not answered at all
    const binding = ctx.message?.text?.startsWith("/bind") ?? false;
    const title = "title" in ctx.chat ? (ctx.chat.title ?? null) : null;
    await ctx.reply(await bindCommand({ messenger: "telegram", person, chatRef: String(ctx.chat.id), title, arg: ctx.match, binding }));
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
    await ctx.reply(person ? t.help("telegram") : t.strangers);
  });

  bot.catch((err) => log.error("telegram update failed", { update_id: err.ctx.update.update_id, error: safeError(err.error, c) }));
  return bot;
}
