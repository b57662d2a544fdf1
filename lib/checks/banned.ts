import type { BannedPhrase } from "./rules";
import type { Finding } from "./types";
import { phraseStems, type Word } from "./words";

/*
 * Banned phrases, matched stem by stem over the text's words: plain phrases,
 * never a person's regular expression (linear in the text's words times the
 * phrases that start with the word's stem).
 */

type Compiled = { stems: string[]; rule: BannedPhrase }[];
type Matcher = Map<string, Compiled>;

const compiled = new WeakMap<readonly BannedPhrase[], Matcher>();

function matcherFor(banned: readonly BannedPhrase[]): Matcher {
  let m = compiled.get(banned);
  if (m) return m;
  m = new Map();
  for (const rule of banned) {
    const stems = phraseStems(rule.phrase);
    if (stems.length === 0) continue;
    const list = m.get(stems[0]!) ?? [];
    list.push({ stems, rule });
    m.set(stems[0]!, list);
  }
  compiled.set(banned, m);
  return m;
}

export function bannedFindings(ws: readonly Word[], banned: readonly BannedPhrase[]): Finding[] {
  if (banned.length === 0) return [];
  const m = matcherFor(banned);
  const out: Finding[] = [];
  for (let i = 0; i < ws.length; i++) {
    const candidates = m.get(ws[i]!.stem);
    if (!candidates) continue;
    for (const { stems, rule } of candidates) {
      if (i + stems.length > ws.length) continue;
      let ok = true;
      for (let k = 1; k < stems.length && ok; k++) ok = ws[i + k]!.stem === stems[k];
      if (!ok) continue;
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
  return out;
}
