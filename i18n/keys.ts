import type { createTranslator, Messages, NamespaceKeys, NestedKeyOf } from "next-intl";

/**
 * Typed helpers for message keys built at run time. Messages are typed
 * (i18n/types.d.ts), so `t(key)` takes only keys that exist; an open-string
 * value from the upstream (a status, a type, a role) is checked here at run
 * time and narrowed, instead of casting the translator to strings.
 */

/** Namespaces of the messages: `"review"`, `"review.status"`, … */
export type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/** The translator of `useTranslations(ns)`, `getTranslations(ns)` and `createTranslator({ namespace: ns })`. */
export type TranslatorFor<NS extends Namespace = never> = ReturnType<typeof createTranslator<Messages, NS>>;

/** What these helpers need of a translator, whatever its namespace. */
type AnyTranslator = { has(key: never): boolean; raw(key: never): unknown };

/** The message keys a translator takes. */
export type KeyOf<T extends AnyTranslator> = Parameters<T["has"]>[0] & string;

/** Every group (non-leaf prefix) of a translator's keys: `status`, `decision.result`, … */
type Prefixes<K extends string> = K extends `${infer Head}.${infer Rest}` ? Head | `${Head}.${Prefixes<Rest>}` : never;
export type GroupOf<T extends AnyTranslator> = Prefixes<KeyOf<T>>;

/** True when `key` names a message of `t` (a text, not a group of texts), narrowing it to a typed key. */
export function isMessageKey<T extends AnyTranslator>(t: T, key: string): key is KeyOf<T> {
  const loose = t as unknown as { has(key: string): boolean; raw(key: string): unknown };
  // has() is also true for a group ("status") and for inherited names ("status.constructor").
  return loose.has(key) && typeof loose.raw(key) === "string";
}

/**
 * The translated label of an open-string value (`group.value`) when we know the
 * value, else the value exactly as it came: a new upstream status must show, not crash.
 */
export function labelOr<T extends AnyTranslator>(t: T, group: GroupOf<T>, value: string): string {
  return labelAt(t, `${group}.`, value);
}

/**
 * The same with a translator of the group itself (`useTranslations("review.postType")`): a
 * component that names the group in its namespace gets only that group's messages sent
 * (i18n/client-areas.ts), where `useTranslations("review")` would need the whole area.
 */
export function labelIn<T extends AnyTranslator>(t: T, value: string): string {
  return labelAt(t, "", value);
}

function labelAt(t: AnyTranslator, prefix: string, value: string): string {
  // Unknown values may hold dots or spaces, which would read as key paths.
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return value;
  const key = `${prefix}${value}`;
  return isMessageKey(t, key) ? (t as unknown as (key: string) => string)(key) : value;
}
