import { createTranslator } from "use-intl/core";
import enInsights from "@/messages/en/insights.json";
import ruInsights from "@/messages/ru/insights.json";
import type { Locale } from "@/i18n/config";
import { labelOr, type TranslatorFor } from "@/i18n/keys";
import { messagesTranslator } from "@/lib/analytics/messages-translator";

/**
 * The report's words and figures in one language, for every form of it (the
 * page, the PDF, the chart images and the mail): outside a request too, as the
 * scheduled sender writes in the subscriber's language, not a visitor's.
 */
export function reportTexts(locale: Locale) {
  const messages = { insights: locale === "en" ? enInsights : ruInsights };
  const t = createTranslator({ locale, messages, namespace: "insights.reports" });
  const d = createTranslator({ locale, messages, namespace: "insights.duration" });
  const all: TranslatorFor = messagesTranslator(locale);
  const nf = new Intl.NumberFormat(locale);
  const compact = new Intl.NumberFormat(locale, { notation: "compact" });
  const pct = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" });
  const shortDay = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const longDay = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const dayOf = (day: string) => new Date(`${day}T12:00:00Z`);
  return {
    locale,
    t,
    number: (n: number) => nf.format(n),
    compact: (n: number) => compact.format(n),
    change: (c: number | null) => (c === null ? "—" : pct.format(c)),
    shortDay: (day: string) => shortDay.format(dayOf(day)),
    longDay: (day: string) => longDay.format(dayOf(day)),
    at: (iso: string, timeZone: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso)),
    /** Seconds as the review analytics page words them. */
    duration: (s: number | null) => {
      if (s === null) return d("none");
      if (s < 60) return d("seconds", { n: Math.round(s) });
      if (s < 3600) return d("minutes", { n: Math.round(s / 60) });
      if (s < 86_400) return d("hoursMinutes", { h: Math.floor(s / 3600), m: Math.round((s % 3600) / 60) });
      return d("daysHours", { d: Math.floor(s / 86_400), h: Math.round((s % 86_400) / 3600) });
    },
    /** A reject reason's category as the review page names it, or as stored when unknown. */
    category: (c: string | null) => (c === null ? t("review.noReason") : labelOr(all, "review.rejectCategory", c)),
    /** What the report covers, as its title and a mail's subject say it. */
    scope: (s: { campaignName: string | null; projectName: string | null }) =>
      s.campaignName ? t("scope.campaign", { name: s.campaignName }) : s.projectName ? t("scope.project", { name: s.projectName }) : t("scope.team"),
    metric: (m: string) => (t.has(`metrics.${m}` as never) ? t(`metrics.${m}` as never) : m),
  };
}
export type ReportTexts = ReturnType<typeof reportTexts>;
