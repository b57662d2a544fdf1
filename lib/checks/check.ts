import { bannedFindings } from "./banned";
import { limitFindings } from "./limits";
import { findLinks, linkFindings } from "./links";
import type { NearDupIndex } from "./minhash";
import { requiredFindings } from "./required";
import type { CheckRules } from "./rules";
import { shapeFindings } from "./shape";
import type { CheckedPost, Finding, Report } from "./types";
import { words, type Word } from "./words";

/** What a post is checked against besides its own text. */
export type CheckContext = {
  /** The platforms the campaign publishes to (its active channels). */
  platforms?: readonly string[];
  /** The campaign's last posts (newest first), for a repeated opening; the post itself is skipped. */
  recent?: readonly { task_id: number; text: string }[];
  /** The team's posts of the last 30 days, for near-duplicates. */
  index?: NearDupIndex;
  /** Links found unreachable (url → why), when the campaign asks for reachability. */
  unreachable?: ReadonlyMap<string, string>;
};

const RECENT_OPENINGS = 10;

/**
 * One post version against a campaign's rules: pure and synchronous (no I/O;
 * reachability comes in through the context), so it runs anywhere, the same
 * way on every instance, and the bench times exactly this.
 */
export function checkPost(post: CheckedPost, rules: CheckRules, context: CheckContext = {}): Report {
  const text = post.text;
  const ws = words(text);
  const links = findLinks(text);
  const findings: Finding[] = [
    ...bannedFindings(ws, rules.banned),
    ...requiredFindings(text, ws, links, rules),
    ...linkFindings(links, rules),
    ...limitFindings(post, context.platforms ?? [], rules.limits),
  ];

  const recent = (context.recent ?? []).filter((r) => r.task_id !== post.task_id).slice(0, RECENT_OPENINGS);
  const openings: Word[][] = rules.shape.opening_words > 0 ? recent.map((r) => words(r.text.slice(0, 600))) : [];
  findings.push(...shapeFindings(text, ws, rules, openings, recent.map((r) => r.text)));

  if (context.unreachable && rules.links.level !== "off") {
    for (const l of links) {
      const why = context.unreachable.get(l.url);
      if (why) findings.push({ rule: "link_unreachable", severity: rules.links.level, start: l.start, end: l.end, note: `Ссылка не открывается: ${why}`, says: { key: "link_unreachable", values: { why } } });
    }
  }

  const nd = rules.near_duplicate;
  if (context.index && nd.level !== "off") {
    const twin = context.index.nearest(post.task_id, text, nd.threshold);
    if (twin) {
      findings.push({
        rule: "near_duplicate",
        severity: nd.level,
        start: 0,
        end: 0,
        note: `Почти повтор поста #${twin.post.task_id}: сходство ${Math.round(twin.similarity * 100)} %`,
        says: { key: "near_duplicate", values: { id: twin.post.task_id, percent: Math.round(twin.similarity * 100) } },
        twin: { task_id: twin.post.task_id, campaign_id: twin.post.campaign_id, similarity: Math.round(twin.similarity * 1000) / 1000, text: twin.post.text },
      });
    }
  }
  findings.sort((a, b) => a.start - b.start || a.end - b.end || a.rule.localeCompare(b.rule));
  return { version: post.version ?? null, findings };
}
