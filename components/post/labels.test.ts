// Every value the description lists for a field we display has a translated
// label in both languages (so "TEXT" never shows where "Текст" belongs), and
// anything else shows as it came. One table of what is labelled where.
import { createTranslator, type Messages } from "next-intl";
import { describe, expect, it } from "vitest";
import { isMessageKey, labelOr } from "@/i18n/keys";
import { ROLES } from "@/lib/auth/roles";
import { CAMPAIGN_STATUSES, METRIC_TYPES, PLATFORMS, POST_STATUSES, POST_TYPES } from "@/lib/schemas/values";
import enAnalytics from "@/messages/en/analytics.json";
import enCommon from "@/messages/en/common.json";
import enReview from "@/messages/en/review.json";
import ruAnalytics from "@/messages/ru/analytics.json";
import ruCommon from "@/messages/ru/common.json";
import ruReview from "@/messages/ru/review.json";
import { APPROVAL_RESULTS, PUBLISH_STATUSES, VERSION_SOURCES } from "./labels";

/** Field, message group that labels it (area.group), and the values the description lists. */
const LABELLED: [field: string, group: string, known: readonly string[]][] = [
  ["post status", "review.status", POST_STATUSES],
  ["post type", "review.postType", POST_TYPES],
  ["platform (post page)", "review.platform", PLATFORMS],
  ["platform (campaigns, engagement)", "analytics.platform", PLATFORMS],
  ["publish record status", "review.post.records.status", PUBLISH_STATUSES],
  ["version source", "review.diff.source", VERSION_SOURCES],
  ["metric (post page)", "review.post.engagement.metric", METRIC_TYPES],
  ["metric (engagement)", "analytics.metric", METRIC_TYPES],
  ["approval result", "review.decision.result", APPROVAL_RESULTS],
  ["decision action", "review.decision.action", ["approve", "reject"]],
  ["campaign status", "analytics.campaignStatus", CAMPAIGN_STATUSES],
  ["schedule type", "analytics.scheduleType", ["DAILY", "WEEKLY", "EVERY_N_DAYS"]],
  ["role", "common.roles", ROLES],
];

const messages = {
  ru: { analytics: ruAnalytics, common: ruCommon, review: ruReview },
  en: { analytics: enAnalytics, common: enCommon, review: enReview },
};
const translator = (locale: "ru" | "en") => createTranslator({ locale, messages: messages[locale] as Messages, onError: () => {} });
const label = (locale: "ru" | "en", group: string, value: string) => labelOr(translator(locale), group as never, value);

describe("labels of enumerated values", () => {
  for (const [field, group, known] of LABELLED) {
    it(`${field}: every listed value is translated in Russian and English`, () => {
      for (const value of known) {
        for (const locale of ["ru", "en"] as const) {
          expect(isMessageKey(translator(locale), `${group}.${value}`), `${locale}: no label for ${group}.${value}`).toBe(true);
          expect(label(locale, group, value), `${locale} ${group}.${value}`).not.toBe("");
        }
      }
    });
  }

  it("the same field reads the same on every page (platform, metric)", () => {
    for (const locale of ["ru", "en"] as const) {
      for (const p of PLATFORMS) expect(label(locale, "review.platform", p)).toBe(label(locale, "analytics.platform", p));
      for (const m of METRIC_TYPES) expect(label(locale, "review.post.engagement.metric", m)).toBe(label(locale, "analytics.metric", m));
    }
  });

  it("post type reads as a word in Russian: «Текст», not TEXT", () => {
    expect(label("ru", "review.postType", "TEXT")).toBe("Текст");
    expect(label("en", "review.postType", "TEXT")).toBe("Text");
  });

  it("shows a value nobody listed exactly as it came", () => {
    for (const [, group] of LABELLED) {
      for (const value of ["CAROUSEL", "enterprise_plus", "status.FAILED", ""]) expect(label("ru", group, value)).toBe(value);
    }
  });
});
