import "server-only";
import type { NotifyEvent } from "@/lib/server/notify";
import { log } from "@/lib/server/log";
import { service } from "@/lib/server/upstream-service";
import { sendCard } from "./card";
import { channelsFromEnv, type Channels } from "./channels";
import type { MessengerName } from "./prefs";
import { routesFor } from "./routes";
import type { BotTexts } from "./texts";

/**
 * The notifications module's events as cards: a mention or a changes
 * request reaches each recipient who linked a messenger and chose that kind,
 * in the one messenger their route names. Each bot's runtime registers it
 * for its own messenger (`only`), so a person linked to both gets one card.
 */
export async function cardsForEvent(ch: Channels, e: NotifyEvent, to: readonly string[], only?: MessengerName): Promise<void> {
  if (e.kind !== "mention" && e.kind !== "changes_requested") return;
  const routes = await routesFor(ch, to);
  const wanted = [...routes.values()].filter((r) => r.kinds[e.kind as "mention" | "changes_requested"] && (!only || r.m.name === only));
  if (wanted.length === 0) return;
  const post = (await service.post(e.task_id, "background")).data;
  const headline = (t: BotTexts) => (e.kind === "mention" ? t.kind.mention(e.by.name, e.excerpt.slice(0, 200)) : t.kind.changes_requested(e.by.name, e.note.slice(0, 200)));
  for (const r of wanted) {
    await sendCard(r.m, r.chat, post, { kind: e.kind, headline, forEmail: r.email }).catch((err: unknown) =>
      log.warn(`${r.m.name} card for a notification not sent`, { kind: e.kind, task_id: e.task_id, error: r.m.safeError(err) }),
    );
  }
}

/** The notify listener a messenger's runtime registers: that messenger's share of every event's cards. */
export const notifyListenerFor = (only: MessengerName) => (e: NotifyEvent, to: readonly string[]) => cardsForEvent(channelsFromEnv(), e, to, only);
