import type { Link } from "./links";
import { httpUrl } from "./links";
import type { CheckRules, Level } from "./rules";
import type { Finding, NoteKey, NoteText } from "./types";
import { phraseStems, stem, type Word } from "./words";

/*
 * What must be in a post: a hashtag, a link, UTM parameters on its links, and
 * for an advertising campaign the marking Russian law asks of a paid post
 * (since 1 September 2022): the word «Реклама», the advertiser, and an erid
 * token in the text or in a link. A missing element is a finding on the whole
 * post (start = end = 0); a link without UTM is marked where it stands.
 */

const missing = (rule: Finding["rule"], severity: "warn" | "block", note: string, says: NoteText = { key: rule as NoteKey }): Finding => ({ rule, severity, start: 0, end: 0, note, says });
const on = (level: Level): level is "warn" | "block" => level !== "off";

const HASHTAG = /(^|[^\p{L}\p{N}_&/])#[\p{L}\p{N}_]*\p{L}/u;
// «erid: 2VtzqwXYZ», «erid=…», «ERID 2Vtz…»: the word and a token of at least 4 letters/digits.
const ERID_TEXT = /(^|[^\p{L}\p{N}])erid\s*[:=]?\s*[\p{L}\p{N}_-]{4,}/iu;
const LEGAL_FORMS = new Set(["ооо", "ип", "ао", "пао", "зао", "оао", "нко", "llc", "ltd", "inc", "рекламодател"].map((w) => stem(w)));

function hasPhrase(ws: readonly Word[], stems: readonly string[]): boolean {
  if (stems.length === 0) return false;
  outer: for (let i = 0; i + stems.length <= ws.length; i++) {
    for (let k = 0; k < stems.length; k++) if (ws[i + k]!.stem !== stems[k]) continue outer;
    return true;
  }
  return false;
}

export function requiredFindings(text: string, ws: readonly Word[], links: readonly Link[], rules: CheckRules): Finding[] {
  const out: Finding[] = [];
  const { hashtag, link, utm } = rules.required;
  const http = links.map((l) => ({ l, u: httpUrl(l.url) })).filter((x) => x.u !== null) as { l: Link; u: URL }[];

  if (on(hashtag) && !HASHTAG.test(text)) out.push(missing("hashtag", hashtag, "В посте нет хештега"));
  if (on(link) && http.length === 0) out.push(missing("link", link, "В посте нет ссылки"));
  if (on(utm)) {
    for (const { l, u } of http) {
      if (!u.searchParams.has("utm_source")) out.push({ rule: "utm", severity: utm, start: l.start, end: l.end, note: "У ссылки нет UTM-меток (utm_source)", says: { key: "utm" } });
    }
  }

  if (rules.advertising) {
    if (!ws.some((w) => text.slice(w.start, w.end).toLowerCase() === "реклама")) {
      out.push(missing("ad_label", "block", "Рекламный пост без пометки «Реклама»"));
    }
    const advertiser = rules.advertiser ? hasPhrase(ws, phraseStems(rules.advertiser)) : ws.some((w) => LEGAL_FORMS.has(w.stem));
    if (!advertiser) {
      out.push(
        rules.advertiser
          ? missing("advertiser", "block", `Не указан рекламодатель («${rules.advertiser}»)`, { key: "advertiser", values: { name: rules.advertiser } })
          : missing("advertiser", "block", "Не указан рекламодатель (название с ООО, ИП, АО… или «рекламодатель»)", { key: "advertiserAny" }),
      );
    }
    const erid = ERID_TEXT.test(text) || http.some(({ u }) => (u.searchParams.get("erid") ?? "").length >= 4);
    if (!erid) out.push(missing("erid", "block", "Нет токена erid ни в тексте, ни в ссылках"));
  }
  return out;
}
