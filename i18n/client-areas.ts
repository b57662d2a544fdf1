import type { MessageArea } from "./config";

/**
 * Which messages the browser gets, and where. Every page used to carry every area in its RSC
 * payload (~80 kB of Russian, over half of a list page's HTML) because the root layout's
 * NextIntlClientProvider sent them all. Now the root layout sends the shell's areas once (the
 * header, menus, bell, outage banner, toaster, error and not-found states use only these), and a
 * page adds what its own browser code uses with `export default withPageMessages([…], Page)`
 * (components/shell/page-messages.tsx): whole areas ("collab") or parts of one ("review.queue",
 * a second-level group), so the overview's status badges need not bring the whole review area.
 * `i18n/client-areas.test.ts` walks each page's imports and fails when a page's list misses what
 * its components use, or names what they do not. Server components read every area through
 * getTranslations, as before.
 */
export const SHELL_AREAS = ["auth", "common", "notify"] as const satisfies readonly MessageArea[];

/** A whole area ("review") or one of its second-level groups ("review.queue"). */
export type MessagePart = MessageArea | `${MessageArea}.${string}`;

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === "object" && v !== null && !Array.isArray(v);

/** The parts of `messages` named in `parts`, for a provider's `messages`; unknown names are skipped. */
export function pickMessages<M extends Tree>(messages: M, parts: readonly MessagePart[]): Partial<M> {
  const picked: Tree = {};
  for (const part of parts) {
    const [area, group] = part.split(".") as [string, string | undefined];
    const whole = Object.hasOwn(messages, area) ? messages[area] : undefined;
    if (group === undefined) {
      if (whole !== undefined) picked[area] = whole;
    } else if (isTree(whole) && Object.hasOwn(whole, group)) {
      const sofar = picked[area];
      picked[area] = { ...(isTree(sofar) ? sofar : {}), [group]: whole[group] };
    }
  }
  return picked as Partial<M>;
}
