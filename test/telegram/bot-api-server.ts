import { createServer, type IncomingMessage, type Server } from "node:http";
import { freePort } from "@/test/servers/free-port";
import { waitForRecorded } from "@/test/servers/recorded-calls";

/*
 * A local Bot API server for the bot's tests: a real HTTP server on 127.0.0.1
 * speaking the Bot API's wire format (POST /bot<token>/<method>, JSON or form
 * bodies, `{ ok, result }` answers) for the methods the bot uses. It records
 * every call, keeps the messages it "sent" per chat, and lets a test inject
 * updates, which getUpdates hands out (long polling, with offsets) or which
 * the test delivers to a webhook itself.
 */

export type Call = { method: string; params: Record<string, unknown> };
export type TgUser = { id: number; is_bot: false; first_name: string; username?: string; language_code?: string };
export type TgChat = { id: number; type: "private" | "group" | "supergroup"; title?: string; first_name?: string };
export type SentMessage = { message_id: number; chat: TgChat; date: number; text?: string; reply_markup?: unknown; photo?: unknown; document?: unknown };
export type Button = { text: string; callback_data?: string; url?: string };

export const BOT_USERNAME = "dashboard_test_bot";

export type BotApiServer = {
  url: string;
  token: string;
  calls: Call[];
  webhook: { url: string; secret: string | null } | null;
  /** Updates waiting for getUpdates (or for a test to deliver). */
  queue: Record<string, unknown>[];
  /** A user writes in a chat. Returns the update (queued for polling). */
  userSays(from: TgUser, chat: TgChat, text: string, replyTo?: number): Record<string, unknown>;
  /** A user presses an inline button of a message the bot sent. */
  press(from: TgUser, message: SentMessage, data: string): Record<string, unknown>;
  /** Messages the bot sent (sendMessage), in order; `chat` filters. */
  messages(chat?: number): SentMessage[];
  /** Waits until a call matching `test` has been made after `since` (an index into `calls`). */
  waitForCall(test: (c: Call) => boolean, since?: number, timeoutMs?: number): Promise<Call>;
  close(): Promise<void>;
};

export function buttonsOf(m: SentMessage | Call["params"]): Button[] {
  const markup = (m as { reply_markup?: { inline_keyboard?: Button[][] } }).reply_markup;
  return (markup?.inline_keyboard ?? []).flat();
}

async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  const type = req.headers["content-type"] ?? "";
  const out: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (raw === "") return out;
  if (type.includes("application/json")) return { ...out, ...(JSON.parse(raw) as Record<string, unknown>) };
  if (type.includes("application/x-www-form-urlencoded")) {
    for (const [k, v] of new URLSearchParams(raw)) out[k] = /^[[{]/.test(v) ? JSON.parse(v) : v;
    return out;
  }
  if (type.includes("multipart/form-data")) {
    // Files (an album's photos, a document) as the Bot API takes them: a file part per attach:// name.
    const form = await new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData();
    for (const [k, v] of form) {
      if (typeof v === "string") out[k] = /^[[{]/.test(v) ? JSON.parse(v) : v;
      else out[k] = { filename: v.name, type: v.type, data: Buffer.from(await v.arrayBuffer()) } satisfies UploadedFile;
    }
    return out;
  }
  return { ...out, raw };
}

/** A file sent in a multipart call. */
export type UploadedFile = { filename: string; type: string; data: Buffer };

export async function startBotApiServer(token = "123456:TEST-token-abcdefghijklmnopqrstuv", fixedPort?: number): Promise<BotApiServer> {
  const port = fixedPort ?? (await freePort());
  let nextUpdate = 1;
  let nextMessage = 100;
  const pollers = new Set<() => void>();
  const sent: SentMessage[] = [];
  const wake = () => {
    for (const p of [...pollers]) p();
  };

  const state: BotApiServer = {
    url: `http://127.0.0.1:${port}`,
    token,
    calls: [],
    webhook: null,
    queue: [],
    userSays(from, chat, text, replyTo) {
      const entities = text.startsWith("/") ? [{ type: "bot_command", offset: 0, length: text.split(/\s/)[0]!.length }] : undefined;
      const message = {
        message_id: nextMessage++,
        from,
        chat,
        date: Math.floor(Date.now() / 1000),
        text,
        ...(entities ? { entities } : {}),
        ...(replyTo ? { reply_to_message: sent.find((m) => m.message_id === replyTo) } : {}),
      };
      const update = { update_id: nextUpdate++, message };
      state.queue.push(update);
      wake();
      return update;
    },
    press(from, message, data) {
      const update = { update_id: nextUpdate++, callback_query: { id: `cb${nextUpdate}`, from, chat_instance: "ci", message, data } };
      state.queue.push(update);
      wake();
      return update;
    },
    messages: (chat) => sent.filter((m) => chat === undefined || m.chat.id === chat),
    waitForCall: (test, since = 0, timeoutMs = 8_000) => waitForRecorded(state.calls, test, { since, timeoutMs, what: "Bot API", name: (c) => c.method }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const p of [...pollers]) p();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const chatOf = (id: unknown): TgChat => {
    const n = Number(id);
    return n < 0 ? { id: n, type: "group", title: "Команда" } : { id: n, type: "private", first_name: "User" };
  };
  const message = (params: Record<string, unknown>, extra: Partial<SentMessage>): SentMessage => {
    const m: SentMessage = { message_id: nextMessage++, chat: chatOf(params.chat_id), date: Math.floor(Date.now() / 1000), ...extra };
    return m;
  };

  async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case "getMe":
        return { id: 123456, is_bot: true, first_name: "Dashboard", username: BOT_USERNAME, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false };
      case "deleteWebhook":
        state.webhook = null;
        return true;
      case "setWebhook":
        state.webhook = { url: String(params.url), secret: (params.secret_token as string | undefined) ?? null };
        return true;
      case "getUpdates": {
        const offset = Number(params.offset ?? 0);
        state.queue = state.queue.filter((u) => Number(u.update_id) >= offset);
        if (state.queue.length === 0 && Number(params.timeout ?? 0) > 0) {
          await new Promise<void>((resolve) => {
            const done = () => {
              pollers.delete(done);
              clearTimeout(t);
              resolve();
            };
            const t = setTimeout(done, Math.min(Number(params.timeout), 2) * 1000);
            pollers.add(done);
          });
        }
        return state.queue.slice(0, Number(params.limit ?? 100));
      }
      case "sendMessage": {
        const m = message(params, { text: String(params.text), reply_markup: params.reply_markup });
        sent.push(m);
        return m;
      }
      case "sendPhoto":
        return message(params, { photo: [{ file_id: "f", file_unique_id: "u", width: 1, height: 1 }] });
      case "sendDocument":
        return message(params, { document: { file_id: "d", file_unique_id: "du", file_name: (params.document as UploadedFile | undefined)?.filename } });
      case "sendMediaGroup":
        return ((params.media as unknown[]) ?? []).map(() => message(params, { photo: [{ file_id: "f", file_unique_id: "u", width: 1, height: 1 }] }));
      case "editMessageText": {
        const m = sent.find((x) => x.chat.id === Number(params.chat_id) && x.message_id === Number(params.message_id));
        if (!m) throw Object.assign(new Error("Bad Request: message to edit not found"), { code: 400 });
        m.text = String(params.text);
        m.reply_markup = params.reply_markup;
        return m;
      }
      case "editMessageReplyMarkup": {
        const m = sent.find((x) => x.chat.id === Number(params.chat_id) && x.message_id === Number(params.message_id));
        if (!m) throw Object.assign(new Error("Bad Request: message to edit not found"), { code: 400 });
        m.reply_markup = params.reply_markup;
        return m;
      }
      case "answerCallbackQuery":
        return true;
      default:
        throw Object.assign(new Error("Not Found: method not found"), { code: 404 });
    }
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", state.url);
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!m) return send(404, { ok: false, error_code: 404, description: "Not Found" });
    if (m[1] !== token) return send(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = m[2] as string;
    readParams(req, url)
      .then(async (params) => {
        state.calls.push({ method, params });
        const result = await answer(method, params);
        send(200, { ok: true, result });
      })
      .catch((e: { code?: number; message?: string }) => send(e.code ?? 500, { ok: false, error_code: e.code ?? 500, description: e.message ?? "error" }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return state;
}
