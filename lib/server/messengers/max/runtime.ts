import "server-only";
import type { Api } from "@maxhub/max-bot-api";
import type { HeldJob, JobRunner } from "@/lib/server/jobs";
import { log } from "@/lib/server/log";
import { telegramConfig } from "../telegram/config";
import { setNotifyListener } from "@/lib/server/notify";
import { notifyListenerFor } from "../bridge";
import { channelsFromEnv } from "../channels";
import { messengersTick } from "../tick";
import { maxApi } from "./api";
import { createMaxBot, type MaxBot } from "./bot";
import { maxConfig, safeMaxError, type MaxConfig } from "./config";

const TYPES = ["message_created", "message_callback", "bot_started"] as const;

type Options = { tickMs?: number; pollSeconds?: number; chatLimit?: { points: number; seconds: number } };

/**
 * Long polling of GET /updates as a held job of the runner (lib/server/jobs),
 * as the Telegram bot polls: one instance at a time, so an update is handled
 * once. The marker is kept in memory; a new holder starts from MAX's own
 * (updates not yet taken).
 */
function maxPollingJob(api: Api, c: MaxConfig, o: Options = {}): HeldJob {
  const bot: MaxBot = createMaxBot(api, c, { chatLimit: o.chatLimit });
  let marker: number | undefined;
  return {
    name: "max-polling",
    run: async ({ signal }) => {
      log.info("max bot: long polling (this instance holds the lease)");
      while (!signal.aborted) {
        try {
          const r = await api.getUpdates([...TYPES], { marker, timeout: o.pollSeconds ?? 30, signal } as never);
          marker = r.marker ?? marker;
          // One at a time, in order: a press and the reason after it must not overtake each other.
          for (const u of r.updates) await bot.handle(u).catch((e: unknown) => log.error("max update failed", { update_type: u.update_type, error: safeMaxError(e, c) }));
        } catch (e) {
          if (signal.aborted) return;
          log.warn("max getUpdates failed; retrying", { error: safeMaxError(e, c) });
          await new Promise((r) => setTimeout(r, 2_000));
        }
      }
    },
  };
}

/**
 * Start-up: nothing without MAX_BOT_TOKEN. Webhook mode (MAX_WEBHOOK_URL):
 * MAX is told the URL and secret (POST /subscriptions); updates arrive at
 * /api/max/webhook on any instance. Otherwise long polling held by one
 * instance. Call before `runner.start()`.
 */
export async function startMax(runner: JobRunner, o: Options = {}): Promise<void> {
  const c = maxConfig();
  if (!c) return;
  const api = maxApi(c);
  setNotifyListener("max", notifyListenerFor("max"));
  if (c.webhook) {
    try {
      await api.subscribe(c.webhook.url, c.webhook.secret, [...TYPES]);
      log.info("max bot: webhook subscribed", { url: c.webhook.url });
    } catch (e) {
      log.error("max bot: webhook not subscribed", { error: safeMaxError(e, c) });
    }
  } else {
    runner.held(maxPollingJob(api, c, o));
  }
  // The layer's minute tick runs in the Telegram bot's runtime; without Telegram, MAX runs it.
  if (!telegramConfig()) runner.recurring({ name: "telegram-tick", everyMs: o.tickMs ?? 60_000, run: () => messengersTick(channelsFromEnv()) });
}

/** The runner stops the jobs; this stops cards for notify() events. */
export function stopMax(): void {
  setNotifyListener("max", undefined);
}

/** For the webhook route: the bot's handler for this bundle and token. */
let webhookBot: { key: string; bot: MaxBot } | undefined;
export function maxBotForWebhook(c: MaxConfig): MaxBot {
  const key = `${c.apiRoot} ${c.token}`;
  if (webhookBot?.key !== key) webhookBot = { key, bot: createMaxBot(maxApi(c), c) };
  return webhookBot.bot;
}
