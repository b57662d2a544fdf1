import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "grammy";
import { POST as webhook } from "@/app/api/telegram/webhook/route";
import { POST as linkRoute } from "@/app/api/account/telegram/link/route";
import { call, cookieFor, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { safeError } from "@/lib/server/messengers/telegram/config";
import { resetTelegramApiForTests } from "@/lib/server/messengers/telegram/api";
import { startTelegram, stopTelegram } from "@/lib/server/messengers/telegram/runtime";
import { createJobRunner } from "@/lib/server/jobs";
import { freePort } from "@/test/servers/free-port";
import { startBotApiServer, type BotApiServer } from "./bot-api-server";

/*
 * Webhook mode: Telegram is given the URL and secret at start, updates come
 * to /api/telegram/webhook, and one without the right secret-token header is
 * refused before anything reads it. And the token stays out of what is logged.
 */

const SECRET = "webhook-secret-for-telegram-0123";
let h: Harness;
let tg: BotApiServer;

beforeAll(async () => {
  tg = await startBotApiServer();
  h = await startHarness({
    TELEGRAM_BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.url,
    TELEGRAM_WEBHOOK_URL: "https://dash.example.test/api/telegram/webhook",
    TELEGRAM_WEBHOOK_SECRET: SECRET,
  });
  resetTelegramApiForTests();
  // Webhook mode: the runner is not started, so no tick runs here.
  await startTelegram(createJobRunner(), { tickMs: 3_600_000 });
});

afterAll(async () => {
  stopTelegram();
  await h?.close();
  await tg?.close();
});

const update = (id: number, text: string) => ({
  update_id: id,
  message: { message_id: id, date: 1, chat: { id: 4242, type: "private", first_name: "X" }, from: { id: 4242, is_bot: false, first_name: "X" }, text, ...(text.startsWith("/") ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }] } : {}) },
});

describe("telegram webhook mode", () => {
  it("sets the webhook with its secret at start, and never polls", () => {
    expect(tg.webhook).toEqual({ url: "https://dash.example.test/api/telegram/webhook", secret: SECRET });
    expect(tg.calls.some((c) => c.method === "getUpdates")).toBe(false);
  });

  it("refuses an update without the secret-token header, or with another one", async () => {
    const variants: Record<string, string>[] = [{}, { "x-telegram-bot-api-secret-token": "wrong-secret-wrong-secret-000000" }];
    for (const headers of variants) {
      const res = await call(webhook, "/api/telegram/webhook", { method: "POST", body: update(1, "привет"), headers: { ...headers, "x-no-origin": "1" } });
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
    expect(tg.calls.some((c) => c.method === "sendMessage")).toBe(false);
  });

  it("handles an update with the right header: links a person through the webhook", async () => {
    const res = await call(linkRoute, "/api/account/telegram/link", { method: "POST", headers: { cookie: await cookieFor("editor", "vera@example.com") } });
    const { code } = (await res.json()) as { code: string };
    const ok = await call(webhook, "/api/telegram/webhook", { method: "POST", body: update(2, `/start ${code}`), headers: { "x-telegram-bot-api-secret-token": SECRET, "x-no-origin": "1" } });
    expect(ok.status).toBe(200);
    const sent = tg.calls.find((c) => c.method === "sendMessage");
    expect(sent?.params).toMatchObject({ chat_id: 4242, text: expect.stringContaining("связан с Тест editor") });
  });

  it("answers a stranger with one short message", async () => {
    const before = tg.calls.filter((c) => c.method === "sendMessage").length;
    const res = await call(webhook, "/api/telegram/webhook", { method: "POST", body: { ...update(3, "кто здесь?"), message: { ...update(3, "").message, text: "кто здесь?", chat: { id: 5151, type: "private" }, from: { id: 5151, is_bot: false, first_name: "Y" } } }, headers: { "x-telegram-bot-api-secret-token": SECRET, "x-no-origin": "1" } });
    expect(res.status).toBe(200);
    const sent = tg.calls.filter((c) => c.method === "sendMessage").slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toMatchObject({ chat_id: 5151, text: expect.stringContaining("только для участников") });
  });
});

describe("the token", () => {
  it("is cut out of a failed request's error (which quotes the URL) before anything logs it", async () => {
    const token = "987654:SECRET-part-of-the-token-abcdefgh";
    const dead = `http://127.0.0.1:${await freePort()}`;
    const err = await new Api(token, { apiRoot: dead }).getMe().catch((e: unknown) => e);
    const raw = `${String(err)} ${String((err as { error?: unknown }).error)}`;
    expect(raw).toContain("SECRET-part-of-the-token"); // what a naive log line would carry
    const safe = safeError(err, { token });
    expect(safe).not.toContain("SECRET-part-of-the-token");
    expect(safe).toContain("getMe");
  });
});
