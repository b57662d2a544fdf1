import "server-only";
import type { Locale } from "@/i18n/config";
import { messagesTranslator } from "@/lib/analytics/messages-translator";
import { describeItem } from "@/lib/notify/describe";
import type { NotificationDetail } from "@/lib/schemas/notify";

/** One line of a digest, as stored in notify_digest. */
export type DigestItem = { kind: string; task_id: number; actor_name: string | null; detail: NotificationDetail };
export type Mail = { to: string; subject: string; text: string; html: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sentence for one item, in the person's language and time zone, named (the bell's own wording, lib/notify/describe.ts). */
function itemSentence(item: DigestItem, locale: Locale, timeZone: string): string {
  return describeItem(messagesTranslator(locale, "notify"), item, locale, timeZone, true);
}

/**
 * The team channel's sentence (the outgoing webhook): said about people, not
 * to them, so a mention names who was mentioned. Russian, the default language;
 * times in the team's zone (TEAM_TIME_ZONE).
 */
export function teamSentence(item: DigestItem, to: readonly string[], timeZone: string): string {
  const t = messagesTranslator("ru", "notify");
  const actor = item.actor_name ?? "—";
  if (item.kind === "mention") return t("hook.mention", { actor, to: to.join(", ") || "—", task: item.task_id });
  if (item.kind === "changes_requested") return t("hook.changes_requested", { actor, to: to.join(", ") || "—", task: item.task_id });
  return itemSentence(item, "ru", timeZone);
}

/** The extra line under an item (a mention's excerpt, a change request's note), if any. */
function itemQuote(item: DigestItem): string | undefined {
  return item.detail.excerpt ?? item.detail.note ?? undefined;
}

/**
 * The digest: plain text and simple HTML (no images, no scripts, inline
 * nothing fancy), each item with a link to its post on the dashboard.
 */
export function renderDigest(to: string, items: readonly DigestItem[], locale: Locale, baseUrl: string, timeZone: string): Mail {
  const t = messagesTranslator(locale, "notify");
  const app = messagesTranslator(locale, "common")("appName");
  const base = baseUrl.replace(/\/+$/, "");
  const link = (id: number) => `${base}/posts/${id}`;
  const settingsUrl = `${base}/profile`;
  const subject = t("mail.subject", { count: items.length, app });

  const textLines = [t("mail.greeting"), "", t("mail.intro"), ""];
  for (const item of items) {
    textLines.push(`• ${itemSentence(item, locale, timeZone)}`);
    const quote = itemQuote(item);
    if (quote) textLines.push(`  «${quote}»`);
    textLines.push(`  ${link(item.task_id)}`, "");
  }
  textLines.push(t("mail.settingsLink", { url: settingsUrl }), t("mail.footer"));

  const htmlItems = items
    .map((item) => {
      const quote = itemQuote(item);
      return `<li><a href="${escapeHtml(link(item.task_id))}">${escapeHtml(itemSentence(item, locale, timeZone))}</a>${quote ? `<br><q>${escapeHtml(quote)}</q>` : ""}</li>`;
    })
    .join("\n");
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escapeHtml(t("mail.greeting"))}</p>
<p>${escapeHtml(t("mail.intro"))}</p>
<ul>
${htmlItems}
</ul>
<p><a href="${escapeHtml(settingsUrl)}">${escapeHtml(t("mail.settingsLink", { url: settingsUrl }))}</a></p>
<p style="color:#555">${escapeHtml(t("mail.footer"))}</p>
</body></html>`;
  return { to, subject, text: textLines.join("\n"), html };
}
