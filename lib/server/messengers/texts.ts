import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/config";
import { serverText, text, type ServerKey, type ServerText } from "@/i18n/server-text";
import { createTranslator } from "use-intl/core";
import { findingNote, type NoteTranslator } from "@/lib/checks/note";
import type { Finding } from "@/lib/checks/types";
import type { MessengerName } from "./prefs";
import enReview from "@/messages/en/review.json";
import ruReview from "@/messages/ru/review.json";

/**
 * What the bot says, in a person's language (./language.ts: their notification
 * language, else the team's): messages/<locale>/server.json `telegram.bot`; the
 * status and reject-category labels are the dashboard's own (review.json).
 */
type BotKey = ServerKey extends infer K ? (K extends `telegram.bot.${infer R}` ? R : never) : never;

const REVIEW = { ru: ruReview, en: enReview } as const;
/** The messenger as the bot names itself in a text ("this MAX is linked…"). */
const LABEL: Record<MessengerName, string> = { telegram: "Telegram", max: "MAX" };

export type BotTexts = ReturnType<typeof botTexts>;

const cache = new Map<Locale, ReturnType<typeof build>>();

/** The bot's texts in `locale` (made once per language). */
export function botTexts(locale: Locale = DEFAULT_LOCALE) {
  let texts = cache.get(locale);
  if (!texts) cache.set(locale, (texts = build(locale)));
  return texts;
}

function build(locale: Locale) {
  const say = (key: BotKey, values?: ServerText["values"]) => serverText(text(`telegram.bot.${key}` as ServerKey, values), locale);
  const notes = createTranslator({ locale, messages: { review: REVIEW[locale] } as never, namespace: "review.checks.note" as never }) as unknown as NoteTranslator;
  return {
    locale,
    strangers: say("strangers"),
    linked: (name: string, role: string, messenger: MessengerName) => say("linked", { name, role, messenger: LABEL[messenger] }),
    linkFailed: say("linkFailed"),
    unlinked: say("unlinked"),
    notLinked: (messenger: MessengerName) => say("notLinked", { messenger: LABEL[messenger] }),
    help: (messenger: MessengerName) => say("help", { messenger: LABEL[messenger] }),
    noDecide: say("noDecide"),
    notYours: say("notYours"),
    unknownButton: say("unknownButton"),
    tooFast: say("tooFast"),
    alreadyDecided: (by: string, at: string) => say("alreadyDecided", { by, at }),
    approved: (by: string, at: string) => say("approved", { by, at }),
    rejected: (by: string, at: string, reason: string) => (reason ? say("rejectedWithReason", { by, at, reason }) : say("rejected", { by, at })),
    decidedElsewhere: (by: string, at: string) => say("decidedElsewhere", { by, at }),
    stale: say("stale"),
    versionChanged: say("versionChanged"),
    pickCategory: say("pickCategory"),
    askReason: (category: string) => say("askReason", { category }),
    noReason: say("noReason"),
    reasonTooLong: (max: number, length: number) => say("reasonTooLong", { max, length }),
    unknownCampaign: (campaign: number) => say("unknownCampaign", { campaign }),
    cancel: say("cancel"),
    cancelled: say("cancelled"),
    approveDespite: say("approveDespite"),
    notApproved: say("notApproved"),
    approve: say("approve"),
    reject: say("reject"),
    open: say("open"),
    openLink: (url: string) => say("openLink", { url }),
    failed: (message: string) => say("failed", { message }),
    bound: (campaign: number) => say("bound", { campaign }),
    unbound: (campaign: number) => say("unbound", { campaign }),
    bindUsage: say("bindUsage"),
    adminsOnly: say("adminsOnly"),
    fullText: say("fullText"),
    checksClean: say("checksClean"),
    /** A finding's note in this language (lib/checks/note.ts). */
    note: (f: Pick<Finding, "note" | "says">) => findingNote(notes, f),
    checks: (block: number, warn: number) => {
      const found = [block > 0 ? say("checksBlock", { count: block }) : "", warn > 0 ? say("checksWarn", { count: warn }) : ""].filter(Boolean).join(", ");
      return say("checks", { found: found || say("checksSome") });
    },
    version: (v: number | null) => (v === null ? say("versionNone") : say("version", { version: v })),
    planned: (when: string) => say("planned", { when }),
    signoff: (state: string) => say("signoff", { state }),
    signoffState: (state: string) => (["none", "signed_off", "changes", "not_needed"].includes(state) ? say(`signoffStates.${state}` as BotKey) : state),
    role: (role: string) => (["editor", "reviewer", "manager", "admin"].includes(role) ? say(`roles.${role}` as BotKey) : role),
    kind: {
      deadline: (hours: number) => say("kind.deadline", { hours }),
      mention: (by: string, excerpt: string) => say("kind.mention", { by, excerpt }),
      changes_requested: (by: string, note: string) => say("kind.changes_requested", { by, note }),
      request: say("kind.request"),
      team: say("kind.team"),
      reminder: (hours: number) => say("kind.reminder", { hours }),
      escalation: (hours: number) => say("kind.escalation", { hours }),
      overdue: say("kind.overdue"),
    },
    stepLine: (campaign: string, task: number, when: string) => say("stepLine", { campaign, task, when }),
    digestTitle: (count: number) => say("digestTitle", { count }),
    digestEmpty: say("digestEmpty"),
    status: (status: string) => (REVIEW[locale].status as Record<string, string>)[status] ?? status,
    category: (code: string) => (REVIEW[locale].rejectCategory as Record<string, string>)[code] ?? code,
    /** A time in the chat's zone (./zone.ts), with its offset: "01.12, 19:30 GMT+3". */
    when: (ms: number | string, timeZone: string) =>
      new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "ru-RU", { timeZone, day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", timeZoneName: "short" }).format(new Date(ms)),
  };
}

/** The team's language: for team chats and whoever the bot cannot name yet. */
export const T = botTexts(DEFAULT_LOCALE);

export const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);
