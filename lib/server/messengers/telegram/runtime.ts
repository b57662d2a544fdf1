import "server-only";
import { randomUUID } from "node:crypto";
import type { Bot } from "grammy";
import { log } from "@/lib/server/log";
import { setNotifyListener } from "@/lib/server/notify";
import { createBot } from "./bot";
import { notifyListenerFor } from "../bridge";
import { channelsFromEnv } from "../channels";
import { messengersTick } from "../tick";
import { safeError, telegramConfig, type TelegramConfig } from "./config";
import { telegramApi } from "./api";
import { holdLease, releaseLease } from "../store";

const LEASE = "polling";
const LEASE_MS = 45_000;
const RENEW_MS = 15_000;
const TICK_MS = 60_000;
const ALLOWED = ["message", "callback_query"] as const;

type Options = {
  tickMs?: number;
  renewMs?: number;
  leaseMs?: number;
  /** Tests: a wider window, so a slow machine cannot slip under it. */
  chatLimit?: { points: number; seconds: number };
};
type Runtime = { poller?: Poller; timers: ReturnType<typeof setInterval>[] };
const g = globalThis as typeof globalThis & { __telegram?: Runtime };

/**
 * Long polling under the lease: `step()` (every 15 s) takes or renews the
 * lease and polls while it holds it; when the lease is lost (another
 * instance took it after this one went quiet for 45 s) it stops polling.
 * Telegram answers a second concurrent getUpdates with 409, so one holder at
 * a time is what keeps updates from being handled twice or lost.
 */
export class Poller {
  private bot?: Bot;
  polling = false;
  constructor(
    private readonly c: TelegramConfig,
    private readonly o: Options = {},
    readonly owner: string = randomUUID(),
  ) {}

  async step(): Promise<void> {
    const held = await holdLease(LEASE, this.owner, this.o.leaseMs ?? LEASE_MS);
    if (held && !this.polling) {
      this.polling = true;
      const bot = (this.bot = createBot(this.c, { chatLimit: this.o.chatLimit }));
      log.info("telegram bot: long polling (this instance holds the lease)");
      void bot
        .start({ allowed_updates: [...ALLOWED], onStart: (me) => log.info("telegram bot started", { username: me.username }) })
        .catch((e: unknown) => log.error("telegram polling stopped", { error: safeError(e, this.c) }))
        .finally(() => {
          if (this.bot === bot) this.polling = false;
        });
    } else if (!held && this.polling) {
      log.warn("telegram bot: polling lease lost; stopping here");
      await this.halt();
    }
  }

  /** Stops polling; `release` gives the lease up at once (a clean shutdown) rather than letting it lapse. */
  async halt(release = false): Promise<void> {
    const bot = this.bot;
    this.bot = undefined;
    this.polling = false;
    if (bot?.isRunning()) await bot.stop();
    if (release) await releaseLease(LEASE, this.owner).catch(() => undefined);
  }
}

/**
 * Start-up (lib/server/startup.ts): nothing without TELEGRAM_BOT_TOKEN.
 * Webhook mode (TELEGRAM_WEBHOOK_URL): Telegram is told the URL and secret;
 * updates arrive at /api/telegram/webhook on any instance. Otherwise long
 * polling, by whichever instance holds the lease in the database (Poller).
 * The minute tick (due-soon cards, reminders, digests) runs on every
 * instance: its marks keep each message single.
 */
export async function startTelegram(o: Options = {}): Promise<void> {
  const c = telegramConfig();
  if (!c || g.__telegram) return;
  const rt: Runtime = { timers: [] };
  g.__telegram = rt;
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
    const poller = (rt.poller = new Poller(c, o));
    const renew = () => void poller.step().catch((e: unknown) => log.error("telegram polling lease failed", { error: safeError(e, c) }));
    renew();
    rt.timers.push(setInterval(renew, o.renewMs ?? RENEW_MS));
  }
  let ticking = false;
  rt.timers.push(
    setInterval(() => {
      if (ticking) return;
      ticking = true;
      void messengersTick(channelsFromEnv()).finally(() => (ticking = false));
    }, o.tickMs ?? TICK_MS),
  );
  for (const t of rt.timers) t.unref();
}

export async function stopTelegram(): Promise<void> {
  const rt = g.__telegram;
  g.__telegram = undefined;
  setNotifyListener("telegram", undefined);
  if (!rt) return;
  for (const t of rt.timers) clearInterval(t);
  await rt.poller?.halt(true);
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
