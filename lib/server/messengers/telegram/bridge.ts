import "server-only";
import type { Api } from "grammy";
import type { NotifyEvent } from "@/lib/server/notify";
import { log } from "@/lib/server/log";
import { service } from "@/lib/server/upstream-service";
import { sendCard } from "../card";
import { telegramMessenger } from "./messenger";
import { safeError, type TelegramConfig } from "./config";
import { linksByEmails } from "../store";
import type { BotTexts } from "../texts";

/**
 * The notifications module's events as cards: a mention or a changes
 * request reaches each recipient who linked Telegram and chose that kind.
 * Registered as a notify listener at start-up (lib/server/notify/index.ts).
 */
export async function cardsForEvent(api: Api, c: TelegramConfig, e: NotifyEvent, to: readonly string[]): Promise<void> {
  if (e.kind !== "mention" && e.kind !== "changes_requested") return;
  const links = await linksByEmails(to);
  const wanted = [...links.values()].filter((l) => l.kinds[e.kind as "mention" | "changes_requested"]);
  if (wanted.length === 0) return;
  const post = (await service.post(e.task_id, "background")).data;
  const headline = (t: BotTexts) => (e.kind === "mention" ? t.kind.mention(e.by.name, e.excerpt.slice(0, 200)) : t.kind.changes_requested(e.by.name, e.note.slice(0, 200)));
  for (const link of wanted) {
    await sendCard(telegramMessenger(api, c), link.chat_id, post, { kind: e.kind, headline, forEmail: link.email }).catch((err: unknown) =>
      log.warn("telegram card for a notification not sent", { kind: e.kind, task_id: e.task_id, error: safeError(err, c) }),
    );
  }
}
