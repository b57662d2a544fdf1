// POST /api/max/webhook – MAX's updates in webhook mode; X-Max-Bot-Api-Secret must match MAX_WEBHOOK_SECRET
import * as z from "zod";
import type { Update } from "@maxhub/max-bot-api/types";
import { ApiError, text } from "@/lib/server/errors";
import { secretMatches } from "@/lib/server/messengers/secret";
import { json, parseJsonBody, withRequest } from "@/lib/server/route";
import { maxConfig } from "@/lib/server/messengers/max/config";
import { maxBotForWebhook } from "@/lib/server/messengers/max/runtime";

// The update as MAX sends it; only its type is required here, the rest is the bot's to read (it ignores types it does not know).
const MaxUpdate = z.looseObject({ update_type: z.string().min(1).max(64), timestamp: z.number().optional() });

export const POST = withRequest(async ({ req }) => {
  const c = maxConfig();
  if (!c?.webhook) throw new ApiError("not_found", text("max.notWebhook"));
  if (!secretMatches(req.headers.get("x-max-bot-api-secret"), c.webhook.secret)) throw new ApiError("unauthorized", text("telegram.badSecret"));
  const update = await parseJsonBody(req, MaxUpdate);
  // Handled before answering: MAX retries an update that is not answered 200.
  await maxBotForWebhook(c).handle(update as unknown as Update);
  return json({ ok: true });
});
