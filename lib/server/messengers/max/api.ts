import "server-only";
import { Bot, type Api } from "@maxhub/max-bot-api";
import type { MaxConfig } from "./config";

/**
 * MAX's Bot API client from its official library (@maxhub/max-bot-api): only
 * its client is used (typed calls, the API root, the token header). Its Bot's
 * polling and error handling are not: polling here runs under the lease
 * (./runtime.ts), and its default error handler sets the process's exit code.
 */
let cached: { key: string; api: Api } | undefined;
export function maxApi(c: MaxConfig): Api {
  const key = `${c.apiRoot} ${c.token}`;
  if (cached?.key !== key) cached = { key, api: new Bot(c.token, { clientOptions: { baseUrl: c.apiRoot } }).api };
  return cached.api;
}

const usernames = new Map<string, Promise<string>>();
/** The bot's username (for max.ru links), read once per token. */
export function maxBotUsername(c: MaxConfig): Promise<string> {
  let p = usernames.get(c.token);
  if (!p) {
    p = maxApi(c)
      .getMyInfo()
      .then((me) => me.username ?? String(me.user_id));
    p.catch(() => usernames.delete(c.token));
    usernames.set(c.token, p);
  }
  return p;
}

export function resetMaxApiForTests(): void {
  cached = undefined;
  usernames.clear();
}
