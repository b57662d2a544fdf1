import "server-only";
import type { Bot } from "grammy";
import type { HeldJob, JobRunner } from "@/lib/server/jobs";
import { log } from "@/lib/server/log";
import { setNotifyListener } from "@/lib/server/notify";
import { createBot } from "./bot";
import { notifyListenerFor } from "../bridge";
import { channelsFromEnv } from "../channels";
import { messengersTick } from "../tick";
import { safeError, telegramConfig, type TelegramConfig } from "./config";
import { telegramApi } from "./api";

const TICK_MS = 60_000;
const ALLOWED = ["message", "callback_query"] as const;

type Options = {
  tickMs?: number;
  /** Tests: a wider window, so a slow machine cannot slip under it. */
  chatLimit?: { points: number; seconds: number };
};

/**
 * Long polling as a held job of the runner (lib/server/jobs): the instance
 * holding the job's lease polls until the lease is lost or the runner stops.
 * Telegram answers a second concurrent getUpdates with 409, so one holder at
 * a time is what keeps updates from being handled twice or lost.
 */
function telegramPollingJob(c: TelegramConfig, o: Options = {}): HeldJob {
  return {
    name: "telegram-polling",
    run: async ({ signal }) => {
      if (signal.aborted) return;
      const bot = createBot(c, { chatLimit: o.chatLimit });
      log.info("telegram bot: long polling (this instance holds the lease)");
      const polling = bot
        .start({ allowed_updates: [...ALLOWED], onStart: (me) => log.info("telegram bot started", { username: me.username }) })
        .catch((e: unknown) => log.error("telegram polling stopped", { error: safeError(e, c) }));
      await Promise.race([polling, new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }))]);
      if (bot.isRunning()) await bot.stop();
    },
  };
}

/**
 * Start-up (lib/server/startup.ts): nothing without TELEGRAM_BOT_TOKEN.
 * Webhook mode (TELEGRAM_WEBHOOK_URL): Telegram is told the URL and secret;
 * updates arrive at /api/telegram/webhook on any instance. Otherwise long
 * polling, held by one instance (telegramPollingJob). The minute tick
 * (due-soon cards, reminders, digests) is a recurring job; its marks keep
 * each message single. Call before `runner.start()`.
 */
export async function startTelegram(runner: JobRunner, o: Options = {}): Promise<void> {
  const c = telegramConfig();
  if (!c) return;
  const api = telegramApi(c);
  setNotifyListener("telegram", notifyListenerFor("telegram"));
  if (c.webhook) {
    try {
      await api.setWebhook(c.webhook.url, { secret_token: c.webhook.secret, allowed_updates: [...ALLOWED] });
      log.info("telegram bot: webhook set", { url: c.webhook.url });
    } catch (e) {
      log.error("telegram bot: webhook not set", { error: safeError(e, c) });
    }
  } else {
    runner.held(telegramPollingJob(c, o));
  }
  runner.recurring({ name: "telegram-tick", everyMs: o.tickMs ?? TICK_MS, run: () => messengersTick(channelsFromEnv()) });
}

/** The runner stops the jobs; this stops cards for notify() events. */
export function stopTelegram(): void {
  setNotifyListener("telegram", undefined);
}

/** For the webhook route: a bot for this bundle, initialised once (getMe). */
let webhookBot: { key: string; bot: Promise<Bot> } | undefined;
export function botForWebhook(c: TelegramConfig): Promise<Bot> {
  const key = `${c.apiRoot} ${c.token}`;
  if (webhookBot?.key !== key) {
    const bot = createBot(c);
    const ready = bot.init().then(() => bot);
    ready.catch(() => (webhookBot = undefined));
    webhookBot = { key, bot: ready };
  }
  return webhookBot.bot;
}
