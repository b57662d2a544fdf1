import { bannedFindings } from "./banned";
import { capFindings, CHECK_BUDGET_MS, MAX_PER_RULE } from "./caps";
import { limitFindings } from "./limits";
import { findLinks, linkFindings } from "./links";
import type { NearDupIndex } from "./minhash";
import { requiredFindings } from "./required";
import type { CheckRules } from "./rules";
import { shapeFindings } from "./shape";
import type { CheckedPost, Finding, More, Report, RuleId } from "./types";
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
  /** When the report must be done (Date.now() ms): rules not reached by then are listed as unchecked. Default: CHECK_BUDGET_MS from the call. */
  deadline?: number;
  /** The clock (tests). */
  now?: () => number;
};

const LINK_RULES: RuleId[] = ["link_format", "link_ip", "link_shortener"];
const REQUIRED_RULES: RuleId[] = ["hashtag", "link", "utm", "ad_label", "advertiser", "erid"];
const SHAPE_RULES: RuleId[] = ["caps", "exclamations", "emoji", "repeated_opening"];

const RECENT_OPENINGS = 10;

/**
 * One post version against a campaign's rules: pure and synchronous (no I/O;
 * reachability comes in through the context), so it runs anywhere, the same
 * way on every instance, and the bench times exactly this.
 */
export function checkPost(post: CheckedPost, rules: CheckRules, context: CheckContext = {}): Report {
  const now = context.now ?? Date.now;
  const deadline = context.deadline ?? now() + CHECK_BUDGET_MS;
  const unchecked: RuleId[] = [];
  const counted: More[] = [];
  const findings: Finding[] = [];
  // One stage after another while the budget lasts; a stage not reached is said, never taken for clean.
  const stage = (rules: RuleId[], run: () => void) => {
    if (now() > deadline) unchecked.push(...rules);
    else run();
  };

  const text = post.text;
  const ws = words(text);
  const links = findLinks(text);
  stage(["banned"], () => {
    const b = bannedFindings(ws, rules.banned, { limit: MAX_PER_RULE, deadline, now });
    findings.push(...b.findings);
    if (b.more.warn || b.more.block) counted.push({ rule: "banned", ...b.more });
    if (!b.complete) unchecked.push("banned");
  });
  stage(REQUIRED_RULES, () => findings.push(...requiredFindings(text, ws, links, rules)));
  stage(LINK_RULES, () => findings.push(...linkFindings(links, rules)));
  stage(["platform_limit"], () => findings.push(...limitFindings(post, context.platforms ?? [], rules.limits)));

  stage(SHAPE_RULES, () => {
    const recent = (context.recent ?? []).filter((r) => r.task_id !== post.task_id).slice(0, RECENT_OPENINGS);
    const openings: Word[][] = rules.shape.opening_words > 0 ? recent.map((r) => words(r.text.slice(0, 600))) : [];
    findings.push(...shapeFindings(text, ws, rules, openings, recent.map((r) => r.text)));
  });

  if (context.unreachable && rules.links.level !== "off") {
    for (const l of links) {
      const why = context.unreachable.get(l.url);
      if (why) findings.push({ rule: "link_unreachable", severity: rules.links.level, start: l.start, end: l.end, note: `Ссылка не открывается: ${why}`, says: { key: "link_unreachable", values: { why } } });
    }
  }

  const nd = rules.near_duplicate;
  if (context.index && nd.level !== "off") {
    stage(["near_duplicate"], () => {
      const twin = context.index!.nearest(post.task_id, text, nd.threshold);
      if (!twin) return;
      findings.push({
        rule: "near_duplicate",
        severity: nd.level as "warn" | "block",
        start: 0,
        end: 0,
        note: `Почти повтор поста #${twin.post.task_id}: сходство ${Math.round(twin.similarity * 100)} %`,
        says: { key: "near_duplicate", values: { id: twin.post.task_id, percent: Math.round(twin.similarity * 100) } },
        twin: { task_id: twin.post.task_id, campaign_id: twin.post.campaign_id, similarity: Math.round(twin.similarity * 1000) / 1000, text: twin.post.text },
      });
    });
  }
  findings.sort((a, b) => a.start - b.start || a.end - b.end || a.rule.localeCompare(b.rule));
  const capped = capFindings(findings, counted);
  const report: Report = { version: post.version ?? null, findings: capped.findings };
  if (capped.more.length) report.more = capped.more;
  if (unchecked.length) report.unchecked = unchecked;
  return report;
}
