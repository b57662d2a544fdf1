import "server-only";
import { randomUUID } from "node:crypto";
import type { Api } from "@maxhub/max-bot-api";
import { log } from "@/lib/server/log";
import { telegramConfig } from "../telegram/config";
import { holdLease, releaseLease } from "../store";
import { setNotifyListener } from "@/lib/server/notify";
import { notifyListenerFor } from "../bridge";
import { channelsFromEnv } from "../channels";
import { messengersTick } from "../tick";
import { maxApi } from "./api";
import { createMaxBot, type MaxBot } from "./bot";
import { maxConfig, safeMaxError, type MaxConfig } from "./config";

const LEASE = "max-polling";
const LEASE_MS = 45_000;
const RENEW_MS = 15_000;
const TYPES = ["message_created", "message_callback", "bot_started"] as const;

type Options = { tickMs?: number; renewMs?: number; leaseMs?: number; pollSeconds?: number; chatLimit?: { points: number; seconds: number } };
type Runtime = { poller?: MaxPoller; timer?: ReturnType<typeof setInterval>; tick?: ReturnType<typeof setInterval> };
const g = globalThis as typeof globalThis & { __max?: Runtime };

/**
 * Long polling of GET /updates under the database lease, as the Telegram bot
 * polls: one instance at a time, so an update is handled once. The marker is
 * kept in memory; a new holder starts from MAX's own (updates not yet taken).
 */
export class MaxPoller {
  private abort?: AbortController;
  private marker: number | undefined;
  polling = false;
  private readonly bot: MaxBot;
  constructor(
    private readonly api: Api,
    private readonly c: MaxConfig,
    private readonly o: Options = {},
    readonly owner: string = randomUUID(),
  ) {
    this.bot = createMaxBot(api, c, { chatLimit: o.chatLimit });
  }

  async step(): Promise<void> {
    const held = await holdLease(LEASE, this.owner, this.o.leaseMs ?? LEASE_MS);
    if (held && !this.polling) {
      this.polling = true;
      const abort = (this.abort = new AbortController());
      log.info("max bot: long polling (this instance holds the lease)");
      void this.loop(abort.signal).finally(() => {
        if (this.abort === abort) this.polling = false;
      });
    } else if (!held && this.polling) {
      log.warn("max bot: polling lease lost; stopping here");
      this.halt();
    }
  }

  private async loop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const r = await this.api.getUpdates([...TYPES], { marker: this.marker, timeout: this.o.pollSeconds ?? 30, signal } as never);
        this.marker = r.marker ?? this.marker;
        // One at a time, in order: a press and the reason after it must not overtake each other.
        for (const u of r.updates) await this.bot.handle(u).catch((e: unknown) => log.error("max update failed", { update_type: u.update_type, error: safeMaxError(e, this.c) }));
      } catch (e) {
        if (signal.aborted) return;
        log.warn("max getUpdates failed; retrying", { error: safeMaxError(e, this.c) });
        await new Promise((r) => setTimeout(r, 2_000));
      }
    }
  }

  halt(): void {
    this.abort?.abort();
    this.abort = undefined;
    this.polling = false;
  }
}

/**
 * Start-up: nothing without MAX_BOT_TOKEN. Webhook mode (MAX_WEBHOOK_URL):
 * MAX is told the URL and secret (POST /subscriptions); updates arrive at
 * /api/max/webhook on any instance. Otherwise long polling by the lease's holder.
 */
export async function startMax(o: Options = {}): Promise<void> {
  const c = maxConfig();
  if (!c || g.__max) return;
  const api = maxApi(c);
  const rt: Runtime = {};
  g.__max = rt;
  setNotifyListener("max", notifyListenerFor("max"));
  if (c.webhook) {
    try {
      await api.subscribe(c.webhook.url, c.webhook.secret, [...TYPES]);
      log.info("max bot: webhook subscribed", { url: c.webhook.url });
    } catch (e) {
      log.error("max bot: webhook not subscribed", { error: safeMaxError(e, c) });
    }
  } else {
    const poller = (rt.poller = new MaxPoller(api, c, o));
    const renew = () => void poller.step().catch((e: unknown) => log.error("max polling lease failed", { error: safeMaxError(e, c) }));
    renew();
    rt.timer = setInterval(renew, o.renewMs ?? RENEW_MS);
    rt.timer.unref();
  }
  // The layer's minute tick runs in the Telegram bot's runtime; without Telegram, MAX runs it.
  if (!telegramConfig()) {
    let ticking = false;
    rt.tick = setInterval(() => {
      if (ticking) return;
      ticking = true;
      void messengersTick(channelsFromEnv()).finally(() => (ticking = false));
    }, o.tickMs ?? 60_000);
    rt.tick.unref();
  }
}

export async function stopMax(): Promise<void> {
  const rt = g.__max;
  g.__max = undefined;
  setNotifyListener("max", undefined);
  if (!rt) return;
  if (rt.timer) clearInterval(rt.timer);
  if (rt.tick) clearInterval(rt.tick);
  rt.poller?.halt();
  if (rt.poller) await releaseLease(LEASE, rt.poller.owner).catch(() => undefined);
}

/** For the webhook route: the bot's handler for this bundle and token. */
let webhookBot: { key: string; bot: MaxBot } | undefined;
export function maxBotForWebhook(c: MaxConfig): MaxBot {
  const key = `${c.apiRoot} ${c.token}`;
  if (webhookBot?.key !== key) webhookBot = { key, bot: createMaxBot(maxApi(c), c) };
  return webhookBot.bot;
}
