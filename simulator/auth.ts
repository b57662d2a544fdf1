// API key check (section 5). The configured key has full access; two fixed demo keys exercise
// the 403 answers of a plan without API access and of an inactive subscription.

import { ApiError } from "./http";

export const KEY_NO_API = "demo-key-no-api";
export const KEY_INACTIVE = "demo-key-inactive";

const unauthorized = (message: string): ApiError =>
  new ApiError(401, "unauthorized", message, { "WWW-Authenticate": 'Bearer realm="api"' });

/** Returns the accepted key or throws the 401/403 answer. */
export function authenticate(header: string | undefined, apiKey: string): string {
  if (!header) throw unauthorized("Не передан API-ключ. Укажите заголовок Authorization: Bearer <ключ>.");
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m?.[1]) throw unauthorized("Неверный формат заголовка Authorization. Ожидается: Bearer <ключ>.");
  const key = m[1];
  if (key === apiKey) return key;
  if (key === KEY_NO_API) {
    throw new ApiError(403, "feature_unavailable", "Ваш тариф не включает доступ к Developer API. Смените тариф в личном кабинете.");
  }
  if (key === KEY_INACTIVE) {
    throw new ApiError(403, "subscription_inactive", "Подписка неактивна. Продлите подписку, чтобы пользоваться API.");
  }
  throw unauthorized("Недействительный API-ключ.");
}
