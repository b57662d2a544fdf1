import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/config";
import { getSettings } from "@/lib/server/notify/settings";
import { botTexts, type BotTexts } from "./texts";

/**
 * The language a chat is written to in: the person's own (the notification
 * language on their profile, the one their e-mails use) for their chat, else
 * the team's (Russian) for a team chat. A person the bot cannot name yet (a
 * stranger) is answered in their Telegram app's language when it is one of ours.
 */
async function languageOf(email: string | null): Promise<Locale> {
  if (!email) return DEFAULT_LOCALE;
  const settings = await getSettings(email).catch(() => null);
  return settings?.locale ?? DEFAULT_LOCALE;
}

/** The bot's texts for a person's chat (or a team chat, for null). */
export async function textsFor(email: string | null): Promise<BotTexts> {
  return botTexts(await languageOf(email));
}

/** A Telegram user's app language (`language_code`, e.g. "en-GB") as one of ours, else the team's. */
export function appLanguage(code: string | undefined): Locale {
  return code?.toLowerCase().startsWith("en") ? "en" : DEFAULT_LOCALE;
}
