// POST /api/telegram/webhook – Telegram's updates in webhook mode; X-Telegram-Bot-Api-Secret-Token must match TELEGRAM_WEBHOOK_SECRET
import * as z from "zod";
import { ApiError, text } from "@/lib/server/errors";
import { secretMatches } from "@/lib/server/messengers/secret";
import { json, parseJsonBody, withRequest } from "@/lib/server/route";
import { telegramConfig } from "@/lib/server/messengers/telegram/config";
import { botForWebhook } from "@/lib/server/messengers/telegram/runtime";

// The update as grammY reads it; only its id is required here, the rest is the bot's to read.
const Update = z.looseObject({ update_id: z.int().nonnegative() });

export const POST = withRequest(async ({ req }) => {
  const c = telegramConfig();
  if (!c?.webhook) throw new ApiError("not_found", text("telegram.notWebhook"));
  if (!secretMatches(req.headers.get("x-telegram-bot-api-secret-token"), c.webhook.secret)) throw new ApiError("unauthorized", text("telegram.badSecret"));
  const update = await parseJsonBody(req, Update);
  const bot = await botForWebhook(c);
  // Handled before answering: Telegram retries an update that is not answered 200.
  await bot.handleUpdate(update as unknown as Parameters<typeof bot.handleUpdate>[0]);
  return json({ ok: true });
});
