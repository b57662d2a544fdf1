import * as z from "zod";

/*
 * A campaign's check rules. Client-safe (no server imports): the
 * rules editor validates with the same schema the PUT route does. Every
 * limit here is what the error names when a rule set is refused.
 */

export const SEVERITIES = ["warn", "block"] as const;
export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

/** A rule that may be switched off; otherwise its finding has this severity. */
export const Level = z.enum(["off", "warn", "block"]);
export type Level = z.infer<typeof Level>;

export const MAX_BANNED = 500;
export const MAX_PHRASE = 200;
export const MAX_NOTE = 500;
export const MAX_DOMAINS = 100;

/** Plain text only: a phrase is matched word by word in every word form, never run as a pattern. */
const phrase = z
  .string()
  .trim()
  .min(1, "пустая фраза")
  .max(MAX_PHRASE)
  .refine((s) => /[\p{L}\p{N}]/u.test(s), "фраза без единого слова");

export const BannedPhrase = z.object({
  phrase,
  severity: Severity,
  note: z.string().trim().max(MAX_NOTE).default(""),
});
export type BannedPhrase = z.infer<typeof BannedPhrase>;

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(253)
  .regex(/^[a-z0-9а-яё.-]+\.[a-zа-яё0-9-]+$/u, "не домен");

export const CheckRules = z.object({
  banned: z.array(BannedPhrase).max(MAX_BANNED).default([]),
  required: z
    .object({
      hashtag: Level.default("off"),
      link: Level.default("off"),
      utm: Level.default("off"),
    })
    .default({ hashtag: "off", link: "off", utm: "off" }),
  /** A paid post: «Реклама», the advertiser and an erid token must be in the post or its links. */
  advertising: z.boolean().default(false),
  /** The advertiser's name as the post must carry it; empty: any legal-form marker (ООО, ИП, АО…) or «рекламодатель». */
  advertiser: z.string().trim().max(MAX_PHRASE).default(""),
  links: z
    .object({
      level: Level.default("warn"),
      /** Shorteners allowed in this campaign (e.g. the team's own). */
      allowed_shorteners: z.array(domain).max(MAX_DOMAINS).default([]),
      /** A HEAD/GET of each link through an SSRF-safe agent; off by default. */
      check_reachable: z.boolean().default(false),
    })
    .default({ level: "warn", allowed_shorteners: [], check_reachable: false }),
  // A warning by default: until a team sets its own rules, nothing it approved before is refused now.
  limits: Level.default("warn"),
  shape: z
    .object({
      level: Level.default("warn"),
      /** Share of capital letters among letters above which a text shouts (0–1). */
      caps_share: z.number().min(0).max(1).default(0.3),
      exclamations_max: z.int().min(0).max(1000).default(3),
      emoji_max: z.int().min(0).max(1000).default(5),
      /** An opening of this many words repeating one of the campaign's last posts; 0 turns it off. */
      opening_words: z.int().min(0).max(50).default(6),
    })
    .default({ level: "warn", caps_share: 0.3, exclamations_max: 3, emoji_max: 5, opening_words: 6 }),
  near_duplicate: z
    .object({
      level: Level.default("warn"),
      threshold: z.number().min(0.5).max(1).default(0.8),
    })
    .default({ level: "warn", threshold: 0.8 }),
});
export type CheckRules = z.infer<typeof CheckRules>;
/** What a client sends: every part may be left out and takes its default. */
export type CheckRulesInput = z.input<typeof CheckRules>;

/** The team's defaults before anyone set any. */
export const DEFAULT_RULES: CheckRules = CheckRules.parse({});
