import "server-only";
import { env } from "@/lib/env";

/** What the MAX bot needs from the environment; null when MAX_BOT_TOKEN is unset: no MAX bot. */
export type MaxConfig = {
  token: string;
  apiRoot: string;
  baseUrl: string;
  /** Webhook mode when set (with its secret); long polling otherwise. */
  webhook?: { url: string; secret: string };
};

export function maxConfig(): MaxConfig | null {
  const e = env();
  if (!e.MAX_BOT_TOKEN) return null;
  return {
    token: e.MAX_BOT_TOKEN,
    apiRoot: e.MAX_API_ROOT.replace(/\/+$/, ""),
    baseUrl: e.NEXTAUTH_URL.replace(/\/+$/, ""),
    webhook: e.MAX_WEBHOOK_URL && e.MAX_WEBHOOK_SECRET ? { url: e.MAX_WEBHOOK_URL, secret: e.MAX_WEBHOOK_SECRET } : undefined,
  };
}

/** An error as text fit for a log: the token never appears in it. */
export function safeMaxError(e: unknown, c: Pick<MaxConfig, "token"> | null): string {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return c ? text.split(c.token).join("<token>") : text;
}

/** MAX's ids in the layer's tables: "max:<id>", so they never meet Telegram's. */
export const maxRef = (id: number | string) => `max:${id}`;
export const isMaxRef = (ref: string | number) => String(ref).startsWith("max:");
export const maxId = (ref: string) => Number(ref.slice(4));
