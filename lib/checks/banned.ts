import type { BannedPhrase } from "./rules";
import type { Finding } from "./types";
import { phraseStems, type Word } from "./words";

/*
 * Banned phrases, matched stem by stem over the text's words in one pass:
 * plain phrases, never a person's regular expression. Phrases with the same
 * stems are one entry (the strongest severity wins), so 500 copies of «а»
 * cost one lookup per word, not 500 findings per word. Findings past `limit`
 * are only counted; the pass stops at `deadline` (and says it did).
 */

type Entry = { stems: string[]; rule: BannedPhrase };
type Matcher = Map<string, Entry[]>;

const compiled = new WeakMap<readonly BannedPhrase[], Matcher>();

function matcherFor(banned: readonly BannedPhrase[]): Matcher {
  let m = compiled.get(banned);
  if (m) return m;
  m = new Map();
  const byStems = new Map<string, Entry>();
  for (const rule of banned) {
    const stems = phraseStems(rule.phrase);
    if (stems.length === 0) continue;
    const key = stems.join(" ");
    const same = byStems.get(key);
    if (same) {
      if (rule.severity === "block" && same.rule.severity !== "block") same.rule = rule;
      continue;
    }
    const entry = { stems, rule };
    byStems.set(key, entry);
    const list = m.get(stems[0]!) ?? [];
    list.push(entry);
    m.set(stems[0]!, list);
  }
  compiled.set(banned, m);
  return m;
}

export type BannedResult = { findings: Finding[]; more: { warn: number; block: number }; complete: boolean };

export type BannedOptions = { limit?: number; deadline?: number; now?: () => number };

export function bannedFindings(ws: readonly Word[], banned: readonly BannedPhrase[], opts: BannedOptions = {}): BannedResult {
  const out: Finding[] = [];
  const more = { warn: 0, block: 0 };
  if (banned.length === 0) return { findings: out, more, complete: true };
  const limit = opts.limit ?? Infinity;
  const now = opts.now ?? Date.now;
  const m = matcherFor(banned);
  let blocks = 0;
  for (let i = 0; i < ws.length; i++) {
    // The clock every 512 words: cheap, and fine enough for a budget of hundreds of ms.
    if (opts.deadline !== undefined && (i & 511) === 511 && now() > opts.deadline) return { findings: out, more, complete: false };
    const candidates = m.get(ws[i]!.stem);
    if (!candidates) continue;
    for (const { stems, rule } of candidates) {
      if (i + stems.length > ws.length) continue;
      let ok = true;
      for (let k = 1; k < stems.length && ok; k++) ok = ws[i + k]!.stem === stems[k];
      if (!ok) continue;
      // Past the limit a finding is counted; a blocking one still takes a warning's place, so the verdict holds.
      if (out.length >= limit) {
        if (rule.severity === "block" && blocks === 0) {
          const at = out.findIndex((f) => f.severity === "warn");
          if (at >= 0) {
            out.splice(at, 1);
            more.warn++;
          } else {
            more.block++;
            continue;
          }
        } else {
          more[rule.severity]++;
          continue;
        }
      }
      if (rule.severity === "block") blocks++;
      out.push({
        rule: "banned",
        severity: rule.severity,
        start: ws[i]!.start,
        end: ws[i + stems.length - 1]!.end,
        note: rule.note ? `«${rule.phrase}»: ${rule.note}` : `«${rule.phrase}» — запрещённая фраза`,
        says: rule.note ? { key: "bannedNote", values: { phrase: rule.phrase, note: rule.note } } : { key: "banned", values: { phrase: rule.phrase } },
      });
    }
  }
  return { findings: out, more, complete: true };
}
