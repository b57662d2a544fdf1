/** The bit of next-intl's translator these helpers need (keeps them pure and testable). */
export type Translate = {
  (key: string, values?: Record<string, string | number>): string;
  has: (key: string) => boolean;
};

/**
 * The translated label of an open-string value (tier, campaign type, status,
 * platform…) when we know it, else the value exactly as the upstream sent it.
 */
export function openLabel(t: Translate, group: string, value: string): string {
  // Unknown values may hold dots or spaces, which would read as key paths.
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return value;
  const key = `${group}.${value}`;
  return t.has(key) ? t(key) : value;
}
