// POST /api/max/webhook – MAX's updates in webhook mode; X-Max-Bot-Api-Secret must match MAX_WEBHOOK_SECRET
import * as z from "zod";
import type { Update } from "@maxhub/max-bot-api/types";
import { ApiError, text } from "@/lib/server/errors";
import { secretMatches } from "@/lib/server/messengers/secret";
import { json, parseJsonBody, withRequest } from "@/lib/server/route";
import { maxConfig } from "@/lib/server/messengers/max/config";
import { maxBotForWebhook } from "@/lib/server/messengers/max/runtime";

// The updates the bot reads, with the fields it reads (a malformed one is refused here, not thrown in the bot); other types pass and are ignored.
const User = z.looseObject({ user_id: z.number() });
const Message = z.looseObject({ sender: User.nullish(), recipient: z.looseObject({ chat_id: z.number().nullable(), chat_type: z.string() }), body: z.looseObject({ mid: z.string(), text: z.string().nullish() }) });
const HANDLED = ["message_created", "message_callback", "bot_started"];
const MaxUpdate = z.union([
  z.looseObject({ update_type: z.literal("message_created"), message: Message }),
  z.looseObject({ update_type: z.literal("message_callback"), callback: z.looseObject({ callback_id: z.string(), payload: z.string().nullish(), user: User }), message: Message.nullish() }),
  z.looseObject({ update_type: z.literal("bot_started"), chat_id: z.number(), user: User, payload: z.string().nullish() }),
  z.looseObject({ update_type: z.string().min(1).max(64).refine((t) => !HANDLED.includes(t)) }),
]);

export const POST = withRequest(async ({ req }) => {
  const c = maxConfig();
  if (!c?.webhook) throw new ApiError("not_found", text("max.notWebhook"));
  if (!secretMatches(req.headers.get("x-max-bot-api-secret"), c.webhook.secret)) throw new ApiError("unauthorized", text("telegram.badSecret"));
  const update = await parseJsonBody(req, MaxUpdate);
  // Handled before answering: MAX retries an update that is not answered 200.
  await maxBotForWebhook(c).handle(update as unknown as Update);
  return json({ ok: true });
});
