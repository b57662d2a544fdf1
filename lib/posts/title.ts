/** How long a title may be by default: fits a list row beside «№1164» without wrapping twice. */
export const TITLE_MAX = 80;

/**
 * A post's title as lists show it: the first non-blank line of its text, with markup
 * (HTML tags, leading Markdown heading/quote/list marks) dropped, whitespace collapsed,
 * and cut to `max` characters with an ellipsis — at a word break when one is near, so a
 * title never ends mid-word when it need not. Empty text gives "" (the caller shows the
 * number alone). One helper for every list and export, so the same post reads the same.
 */
export function postTitle(text: string, max: number = TITLE_MAX): string {
  const limit = Math.max(1, Math.floor(max));
  const line = (text ?? "")
    .split(/\r?\n/)
    .map(clean)
    .find((l) => l !== "");
  if (!line) return "";
  const chars = Array.from(line); // code points, so an emoji is never cut in half
  if (chars.length <= limit) return line;
  const head = chars.slice(0, limit - 1).join("");
  const space = head.lastIndexOf(" ");
  const endsWord = chars[limit - 1] === " ";
  // Break at the last space when it keeps most of the room (≥ 60%), otherwise cut the word.
  const cut = endsWord || space < Math.floor(head.length * 0.6) ? head : head.slice(0, space);
  return `${cut.replace(/[\s.,;:!?—–-]+$/u, "")}…`;
}

function clean(line: string): string {
  return line
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/^\s*(?:#{1,6}|>|[-*•]|\d+[.)])\s+/u, "")
    .replace(/\*\*|__/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The text after the title line (blank lines before it dropped), for a list's excerpt under
 * the title: the first line is not shown twice. A text of one line has no body ("").
 */
export function postBody(text: string): string {
  const lines = (text ?? "").split(/\r?\n/);
  const first = lines.findIndex((l) => clean(l) !== "");
  return first < 0 ? "" : lines.slice(first + 1).join("\n").trim();
}
