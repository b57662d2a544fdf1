/**
 * Media links may only be absolute `http:` or `https:` URLs: anything else
 * (`javascript:`, `data:`, a relative path) must never reach an `href` or
 * `src`. No zod here, so client components can check links cheaply too.
 */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
}

/** What a refused link becomes in parsed data: the medium shows as unavailable. */
export const UNAVAILABLE_URL = "";
