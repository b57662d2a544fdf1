import type { Severity } from "./rules";

/** Every rule a finding may name. */
export const RULE_IDS = [
  "banned",
  "hashtag",
  "link",
  "utm",
  "ad_label",
  "advertiser",
  "erid",
  "link_format",
  "link_ip",
  "link_shortener",
  "link_unreachable",
  "platform_limit",
  "caps",
  "exclamations",
  "emoji",
  "repeated_opening",
  "near_duplicate",
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** A near-duplicate's twin: the other post, how alike (0–1 Jaccard of word shingles), and its text for the diff. */
export type Twin = { task_id: number; campaign_id: number; similarity: number; text: string };

/** The notes a finding may say, by key of `review.checks.note` in messages/<locale>/review.json. */
export type NoteKey =
  | "banned" | "bannedNote" | "hashtag" | "link" | "utm" | "ad_label" | "advertiser" | "advertiserAny" | "erid"
  | "link_format" | "link_ip" | "link_shortener" | "link_unreachable" | "near_duplicate" | "caps" | "exclamations"
  | "emoji" | "repeated_opening" | "platform_limit";
/** A note by key and values, said in each reader's language (components/checks/finding-note.ts). */
export type NoteText = { key: NoteKey; values?: Readonly<Record<string, string | number>> };

/**
 * One thing the checks found. `start`/`end`: UTF-16 code units of the
 * version's text_content (a JS string index); both 0 for what concerns the
 * whole post (something missing).
 */
export type Finding = {
  rule: RuleId;
  severity: Severity;
  start: number;
  end: number;
  /** In Russian, as stored; reports made before `says` existed carry only this. */
  note: string;
  says?: NoteText;
  twin?: Twin;
};

/** Findings of one rule left out of a report past its caps, by severity ("and N more"). */
export type More = { rule: RuleId; warn: number; block: number };

/**
 * A post version's report. `version` is null when the text was checked without knowing its version number.
 * `more`: findings counted but left out (a report is capped: lib/checks/caps.ts); `unchecked`: rules the
 * report's time budget did not reach, so their absence says nothing (such a report is remade later).
 */
export type Report = { version: number | null; findings: Finding[]; more?: More[]; unchecked?: RuleId[] };

/** The post as the checks need it: only what a list row, a detail and an inbox item all carry. */
export type CheckedPost = {
  task_id: number;
  campaign_id: number;
  text: string;
  media?: { images: unknown[]; video: unknown; documents: unknown[] } | null;
  version?: number | null;
};

export type Verdict = "clean" | "warnings" | "blocked";
