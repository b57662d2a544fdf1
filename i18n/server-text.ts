// use-intl/core, not next-intl: no React, so plain Node processes (the bulk worker) can load it.
import { createTranslator, type NestedKeyOf } from "use-intl/core";
import enServer from "@/messages/en/server.json";
import ruServer from "@/messages/ru/server.json";
import { DEFAULT_LOCALE, type Locale } from "./config";

/*
 * The texts of the server's answers (error messages, stored outcome notes) from
 * messages/<locale>/server.json, never written in code: code names a key and its
 * values, and the text is written in the reader's language where the answer is
 * written (lib/server/errors.ts's envelope). A value may itself be a text
 * (`{detail}` of a validation message), written in the same language.
 */

// Typed apart from the interface's messages (i18n/types.ts): their key union is already near TypeScript's limits.
export type ServerKey = NestedKeyOf<typeof ruServer>;
export type ServerText = { readonly key: ServerKey; readonly values?: Readonly<Record<string, string | number | ServerText>> };

/** A text by key, to be written later in the reader's language. */
export function text(key: ServerKey, values?: ServerText["values"]): ServerText {
  return { key, values };
}

export function isServerText(value: unknown): value is ServerText {
  return typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string";
}

const MESSAGES = { ru: { server: ruServer }, en: { server: enServer } } as const;
const translators = new Map<Locale, (key: string, values?: Record<string, string | number>) => string>();

function translator(locale: Locale) {
  let t = translators.get(locale);
  if (!t) {
    const typed = createTranslator({ locale, messages: MESSAGES[locale] as never, namespace: "server" as never });
    t = typed as unknown as (key: string, values?: Record<string, string | number>) => string;
    translators.set(locale, t);
  }
  return t;
}

/** The text in `locale` (Russian, the default language, when none is named). */
export function serverText(t: ServerText, locale: Locale = DEFAULT_LOCALE): string {
  const values = t.values && Object.fromEntries(Object.entries(t.values).map(([k, v]) => [k, isServerText(v) ? serverText(v, locale) : v]));
  return translator(locale)(t.key, values);
}
