import "server-only";
import { env } from "@/lib/env";

/** What the bot needs from the environment (lib/env.ts); null when TELEGRAM_BOT_TOKEN is unset: no bot. */
export type TelegramConfig = {
  token: string;
  apiRoot: string;
  /** Webhook mode when set (with its secret); long polling otherwise. */
  webhook?: { url: string; secret: string };
  /** NEXTAUTH_URL: the dashboard's links on cards. */
  baseUrl: string;
};

export function telegramConfig(): TelegramConfig | null {
  const e = env();
  if (!e.TELEGRAM_BOT_TOKEN) return null;
  return {
    token: e.TELEGRAM_BOT_TOKEN,
    apiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ""),
    webhook: e.TELEGRAM_WEBHOOK_URL && e.TELEGRAM_WEBHOOK_SECRET ? { url: e.TELEGRAM_WEBHOOK_URL, secret: e.TELEGRAM_WEBHOOK_SECRET } : undefined,
    baseUrl: e.NEXTAUTH_URL.replace(/\/+$/, ""),
  };
}

/**
 * An error as text fit for a log: the token appears in every Bot API URL, and
 * a network error's message quotes the URL, so it is cut out wherever it is.
 */
export function safeError(e: unknown, c: Pick<TelegramConfig, "token"> | null): string {
  const text = e instanceof Error ? `${e.name}: ${e.message}${"error" in e && e.error ? ` (${String((e as { error: unknown }).error)})` : ""}` : String(e);
  if (!c) return text;
  const secret = c.token.split(":")[1] ?? c.token;
  return text.split(c.token).join("<token>").split(secret).join("<token>");
}
