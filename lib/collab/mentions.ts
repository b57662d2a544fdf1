/**
 * `@email` in a comment's text names a dashboard user: the suggestion list
 * inserts the email (names repeat and contain spaces; emails do neither).
 * Pure, so the browser highlights exactly what the server notifies.
 */
const MENTION = /(^|[^\w.+-])@([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/gu;

/** The mentioned emails, lowercased, each once, in order of appearance. */
export function mentionedEmails(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(MENTION)) {
    const email = m[2]!.toLowerCase().replace(/\.+$/, "");
    if (!out.includes(email)) out.push(email);
  }
  return out;
}

export type BodyPart = { text: string; mention?: string };

/** The body split into plain text and `@email` parts, for rendering mentions. */
export function splitMentions(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const m of body.matchAll(MENTION)) {
    const start = m.index + m[1]!.length;
    const email = m[2]!.replace(/\.+$/, "");
    if (start > last) parts.push({ text: body.slice(last, start) });
    parts.push({ text: `@${email}`, mention: email.toLowerCase() });
    last = start + 1 + email.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
