import { createServer, type IncomingMessage, type Server } from "node:http";
import { freePort } from "@/test/servers/free-port";
import { waitForRecorded } from "@/test/servers/recorded-calls";

/*
 * A local MAX Bot API server for the MAX bot's tests, like test/telegram's:
 * a real HTTP server on 127.0.0.1 speaking MAX's wire format (the token in
 * the Authorization header; GET /me, GET /updates with marker and timeout,
 * POST /messages?chat_id=, PUT /messages?message_id=, POST /answers?callback_id=,
 * subscriptions), as MAX documents it and @maxhub/max-bot-api calls it. It
 * records every call, keeps what the bot "sent" per chat, and lets a test
 * inject updates that long polling hands out. Once a bot subscribes a
 * webhook (POST /subscriptions with url and secret), updates are POSTed to
 * that URL instead, with the secret in X-Max-Bot-Api-Secret, as MAX does;
 * each delivery's answer is recorded.
 */

export type MaxCall = { method: string; path: string; query: Record<string, string>; body: Record<string, unknown> };
export type MaxUser = { user_id: number; first_name: string; name: string; username?: string | null; is_bot: false; last_activity_time: number };
export type MaxButton = { type: "callback" | "link"; text: string; payload?: string; url?: string };
export type MaxMessage = { chat_id: number; mid: string; text: string; format?: string; buttons: MaxButton[][]; attachments: unknown[]; reply_to?: string };

export type MaxSubscription = { url: string; secret?: string; update_types?: string[]; time: number };
export type MaxDelivery = { url: string; update_type: string; status: number };

export const MAX_BOT_USERNAME = "dashboard_max_bot";
const BOT_ID = 900001;

export type MaxApiServer = {
  url: string;
  token: string;
  calls: MaxCall[];
  /** Someone writes in a dialog (positive chat) or a group chat (negative). */
  userSays(from: MaxUser, chatId: number, text: string, locale?: string): void;
  /** Someone opens max.ru/<bot>?start=<payload>. */
  start(from: MaxUser, payload: string, locale?: string): void;
  /** Someone presses a callback button of a message the bot sent. */
  press(from: MaxUser, message: MaxMessage, payload: string): void;
  messages(chatId?: number): MaxMessage[];
  /** The webhook subscriptions the bot made, and every delivery to them (its HTTP answer). */
  subscriptions: MaxSubscription[];
  deliveries: MaxDelivery[];
  waitForCall(test: (c: MaxCall) => boolean, since?: number, timeoutMs?: number): Promise<MaxCall>;
  close(): Promise<void>;
};

export const maxUser = (user_id: number, name: string): MaxUser => ({ user_id, first_name: name, name, username: `m${user_id}`, is_bot: false, last_activity_time: Date.now() });

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

type Attachment = { type: string; payload?: { buttons?: MaxButton[][]; url?: string } };
const buttonsIn = (attachments: unknown): MaxButton[][] => ((attachments as Attachment[] | undefined) ?? []).find((a) => a.type === "inline_keyboard")?.payload?.buttons ?? [];

export async function startMaxApiServer(token = "max-test-token-0123456789abcdef"): Promise<MaxApiServer> {
  const port = await freePort();
  let marker = 1;
  let nextMid = 1;
  let queue: { marker: number; update: Record<string, unknown> }[] = [];
  const pollers = new Set<() => void>();
  const sent: MaxMessage[] = [];
  const subscriptions: MaxSubscription[] = [];
  const deliveries: MaxDelivery[] = [];
  const push = (update: Record<string, unknown>) => {
    const full = { timestamp: Date.now(), ...update };
    const hook = subscriptions.at(-1);
    if (hook) return void deliver(hook, full);
    queue.push({ marker: marker++, update: full });
    for (const p of [...pollers]) p();
  };
  /** As MAX delivers to a webhook: one POST per update, the secret in its header. */
  async function deliver(hook: MaxSubscription, update: Record<string, unknown>): Promise<void> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (hook.secret) headers["x-max-bot-api-secret"] = hook.secret;
    const status = await fetch(hook.url, { method: "POST", headers, body: JSON.stringify(update) }).then(
      (r) => r.status,
      () => 0,
    );
    deliveries.push({ url: hook.url, update_type: String(update.update_type), status });
  }
  const recipient = (chat_id: number) => ({ chat_id, chat_type: chat_id > 0 ? "dialog" : "chat", user_id: null, post_id: null });

  const state: MaxApiServer = {
    url: `http://127.0.0.1:${port}`,
    token,
    calls: [],
    userSays(from, chatId, text, locale = "ru") {
      push({ update_type: "message_created", user_locale: locale, message: { sender: from, recipient: recipient(chatId), timestamp: Date.now(), body: { mid: `in.${nextMid++}`, seq: nextMid, text } } });
    },
    start(from, payload, locale = "ru") {
      push({ update_type: "bot_started", chat_id: from.user_id, user: from, payload, user_locale: locale });
    },
    press(from, message, payload) {
      const m = { sender: { user_id: BOT_ID, name: "bot", is_bot: true }, recipient: recipient(message.chat_id), timestamp: Date.now(), body: { mid: message.mid, seq: 1, text: message.text } };
      push({ update_type: "message_callback", callback: { timestamp: Date.now(), callback_id: `cb.${marker}`, payload, user: from }, message: m, user_locale: "ru" });
    },
    messages: (chatId) => sent.filter((m) => chatId === undefined || m.chat_id === chatId),
    subscriptions,
    deliveries,
    waitForCall: (test, since = 0, timeoutMs = 8_000) => waitForRecorded(state.calls, test, { since, timeoutMs, what: "MAX API", name: (c) => `${c.method} ${c.path}` }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const p of [...pollers]) p();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function answer(c: MaxCall): Promise<[number, unknown]> {
    const route = `${c.method} ${c.path}`;
    switch (route) {
      case "GET /me":
        return [200, { user_id: BOT_ID, name: "Dashboard", username: MAX_BOT_USERNAME, is_bot: true, last_activity_time: Date.now() }];
      case "GET /subscriptions":
        return [200, { subscriptions: subscriptions.map(({ url, update_types, time }) => ({ url, update_types: update_types ?? [], time })) }];
      case "POST /subscriptions": {
        const body = c.body as { url?: unknown; secret?: unknown; update_types?: unknown };
        if (typeof body.url !== "string" || !/^https?:\/\//.test(body.url)) return [400, { code: "proto.payload", message: "url is required" }];
        // MAX's rule for the secret: 5–256 of A-Z a-z 0-9 _ -.
        if (body.secret !== undefined && (typeof body.secret !== "string" || !/^[A-Za-z0-9_-]{5,256}$/.test(body.secret))) return [400, { code: "proto.payload", message: "secret: invalid" }];
        const i = subscriptions.findIndex((x) => x.url === body.url);
        if (i >= 0) subscriptions.splice(i, 1);
        subscriptions.push({ url: body.url, secret: body.secret as string | undefined, update_types: body.update_types as string[] | undefined, time: Date.now() });
        return [200, { success: true }];
      }
      case "DELETE /subscriptions": {
        const i = subscriptions.findIndex((x) => x.url === c.query.url);
        if (i >= 0) subscriptions.splice(i, 1);
        return [200, { success: true }];
      }
      case "GET /updates": {
        const from = Number(c.query.marker ?? 0);
        queue = queue.filter((u) => u.marker >= from);
        if (queue.length === 0) {
          await new Promise<void>((resolve) => {
            const done = () => {
              pollers.delete(done);
              clearTimeout(t);
              resolve();
            };
            const t = setTimeout(done, Math.min(Number(c.query.timeout ?? 30), 2) * 1000);
            pollers.add(done);
          });
        }
        const batch = queue.slice(0, Number(c.query.limit ?? 100));
        return [200, { updates: batch.map((u) => u.update), marker: batch.length > 0 ? batch.at(-1)!.marker + 1 : Math.max(from, 1) }];
      }
      case "POST /messages": {
        const chat_id = Number(c.query.chat_id);
        if (!Number.isFinite(chat_id)) return [400, { code: "proto.payload", message: "chat_id or user_id required" }];
        const body = c.body as { text?: string; format?: string; attachments?: unknown[]; link?: { type: string; mid: string } };
        if ((body.text ?? "").length > 4000) return [400, { code: "text.too.long", message: "text: size must be between 0 and 4000" }];
        const m: MaxMessage = { chat_id, mid: `mid.${nextMid++}`, text: body.text ?? "", format: body.format, buttons: buttonsIn(body.attachments), attachments: body.attachments ?? [], ...(body.link?.type === "reply" ? { reply_to: body.link.mid } : {}) };
        sent.push(m);
        return [200, { message: { sender: { user_id: BOT_ID, is_bot: true, name: "Dashboard" }, recipient: recipient(chat_id), timestamp: Date.now(), body: { mid: m.mid, seq: 1, text: m.text } } }];
      }
      case "PUT /messages": {
        const m = sent.find((x) => x.mid === c.query.message_id);
        if (!m) return [404, { code: "not.found", message: "message not found" }];
        const body = c.body as { text?: string | null; format?: string; attachments?: unknown[] | null };
        // As MAX documents: a field left out keeps its value; an empty attachments list removes them.
        if (typeof body.text === "string") m.text = body.text;
        if (body.format) m.format = body.format;
        if (Array.isArray(body.attachments)) {
          m.attachments = body.attachments;
          m.buttons = buttonsIn(body.attachments);
        }
        return [200, { success: true }];
      }
      case "POST /answers":
        if (!c.query.callback_id) return [400, { code: "proto.payload", message: "callback_id required" }];
        return [200, { success: true }];
      default:
        return [404, { code: "not.found", message: `no ${route}` }];
    }
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", state.url);
    const send = ([status, body]: [number, unknown]) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== token && url.searchParams.get("access_token") !== token) return send([401, { code: "verify.token", message: "Invalid access_token" }]);
    readBody(req)
      .then(async (body) => {
        const c: MaxCall = { method: req.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), body };
        state.calls.push(c);
        send(await answer(c));
      })
      .catch((e: Error) => send([500, { code: "internal", message: e.message }]));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return state;
}
