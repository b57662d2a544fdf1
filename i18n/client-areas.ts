import type { MessageArea } from "./config";

/**
 * Which message areas the browser gets, and where. Every page used to carry every area in its
 * RSC payload (~80 kB of Russian, over half of a list page's HTML) because the root layout's
 * NextIntlClientProvider sent them all. Now the root layout sends the shell's areas once (the
 * header, menus, bell, outage banner, toaster, error and not-found states use only these), and a
 * page adds the areas its own browser code uses with `export default withPageMessages([…], Page)`
 * (components/shell/page-messages.tsx). `i18n/client-areas.test.ts` walks each page's imports and
 * fails when a page's list misses an area its components use, or names one they do not.
 * Server components read every area through getTranslations, as before.
 */
export const SHELL_AREAS = ["auth", "common", "notify"] as const satisfies readonly MessageArea[];

/** The areas of `messages` named in `areas` (top-level namespaces), for a provider's `messages`. */
export function pickAreas<M extends Record<string, unknown>>(messages: M, areas: readonly MessageArea[]): Partial<M> {
  const picked: Partial<M> = {};
  for (const area of areas) if (area in messages) picked[area as keyof M] = messages[area as keyof M];
  return picked;
}
