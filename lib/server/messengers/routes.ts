import "server-only";
import type { Channels } from "./channels";
import type { Messenger } from "./messenger";
import { maxLinksByEmails } from "./max/store";
import { DEFAULT_REMINDERS_TO, remindersTo } from "./prefs";
import { linksByEmails, type TelegramKinds } from "./store";

/** Where one person's own messages go: one messenger, its chat with them, and the cards they want there. */
export type Route = { email: string; m: Messenger; chat: string; kinds: TelegramKinds };

/**
 * One route per linked person (of `emails`, or everyone linked): the
 * messenger they chose when linked to both (reminders, escalation, due-soon
 * cards, mentions, change requests and digests all go there, so nothing
 * comes twice), else the one they linked. A messenger whose bot is off
 * (no token) is passed over for the other.
 */
export async function routesFor(ch: Channels, emails?: readonly string[]): Promise<Map<string, Route>> {
  const [tg, max] = await Promise.all([ch.telegram ? linksByEmails(emails) : new Map(), ch.max ? maxLinksByEmails(emails) : new Map()]);
  const people = [...new Set([...tg.keys(), ...max.keys()])];
  const choice = await remindersTo(people);
  const out = new Map<string, Route>();
  for (const email of people) {
    const t = tg.get(email);
    const x = max.get(email);
    const wantMax = x && (!t || (choice.get(email) ?? DEFAULT_REMINDERS_TO) === "max");
    const link = wantMax ? x : t;
    const m = wantMax ? ch.max : ch.telegram;
    if (link && m) out.set(email, { email, m, chat: link.chat_id, kinds: link.kinds });
  }
  return out;
}
