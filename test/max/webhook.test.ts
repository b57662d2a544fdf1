import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { POST as webhook } from "@/app/api/max/webhook/route";
import { POST as linkRoute } from "@/app/api/account/max/link/route";
import { call, cookieFor, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { resetMaxApiForTests } from "@/lib/server/messengers/max/api";
import { safeMaxError } from "@/lib/server/messengers/max/config";
import { startMax, stopMax } from "@/lib/server/messengers/max/runtime";
import { createJobRunner, type JobRunner } from "@/lib/server/jobs";
import { maxLinkByEmail } from "@/lib/server/messengers/max/store";
import { eventually } from "@/test/eventually";
import { freePort } from "@/test/servers/free-port";
import { maxUser, startMaxApiServer, type MaxApiServer } from "./max-api-server";

/*
 * MAX's webhook mode, the twin of test/telegram/webhook.test.ts: at start
 * the bot subscribes its URL with the secret (POST /subscriptions) and never
 * long-polls; the local MAX server then POSTs each update to that URL with
 * X-Max-Bot-Api-Secret, as MAX does. The URL is a plain HTTP server on
 * 127.0.0.1 that hands each request to the route, so the update travels
 * MAX's way end to end. One without the right header is refused first.
 */

const SECRET = "webhook-secret-for-max-0123456789";
let h: Harness;
let mx: MaxApiServer;
let front: Server;
let hookUrl: string;
let jobs: JobRunner | undefined;

beforeAll(async () => {
  mx = await startMaxApiServer();
  const port = await freePort();
  hookUrl = `http://127.0.0.1:${port}/api/max/webhook`;
  front = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const r = new NextRequest(new URL(req.url ?? "/", `http://127.0.0.1:${port}`), { method: req.method, headers, body: Buffer.concat(chunks) });
      void webhook(r, { params: Promise.resolve({}) }).then(async (answer) => {
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(await answer.text());
      });
    });
  });
  await new Promise<void>((resolve) => front.listen(port, "127.0.0.1", () => resolve()));
  h = await startHarness({ MAX_BOT_TOKEN: mx.token, MAX_API_ROOT: mx.url, MAX_WEBHOOK_URL: hookUrl, MAX_WEBHOOK_SECRET: SECRET, TELEGRAM_BOT_TOKEN: undefined });
  resetMaxApiForTests();
  // The runner runs, so polling mode would show here as GET /updates.
  jobs = createJobRunner({ held: { ttlMs: 3_000, renewMs: 200 } });
  await startMax(jobs, { tickMs: 3_600_000, pollSeconds: 1 });
  await jobs.start();
});

afterAll(async () => {
  await jobs?.stop();
  stopMax();
  await h?.close();
  await mx?.close();
  await new Promise<void>((resolve) => front?.close(() => resolve()));
});

const message = (from: number, text: string) => ({
  update_type: "message_created",
  timestamp: 1,
  user_locale: "ru",
  message: { sender: maxUser(from, "X"), recipient: { chat_id: from, chat_type: "dialog", user_id: null }, timestamp: 1, body: { mid: `in.${from}`, seq: 1, text } },
});

describe("max webhook mode", () => {
  it("subscribes the URL with its secret at start, and never polls", async () => {
    expect(mx.subscriptions).toMatchObject([{ url: hookUrl, secret: SECRET, update_types: ["message_created", "message_callback", "bot_started"] }]);
    await new Promise((r) => setTimeout(r, 500));
    expect(mx.calls.some((c) => c.path === "/updates")).toBe(false);
  });

  it("refuses an update without the X-Max-Bot-Api-Secret header, or with another one; a malformed one gets the envelope", async () => {
    for (const headers of [{}, { "x-max-bot-api-secret": "wrong-secret-wrong-secret-00000000" }] as Record<string, string>[]) {
      const res = await call(webhook, "/api/max/webhook", { method: "POST", body: message(4242, "привет"), headers: { ...headers, "x-no-origin": "1" } });
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
    for (const body of [{ hello: 1 }, { update_type: "message_callback", message: null }, { update_type: "bot_started", user: { user_id: "x" } }]) {
      const bad = await call(webhook, "/api/max/webhook", { method: "POST", body, headers: { "x-max-bot-api-secret": SECRET, "x-no-origin": "1" } });
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).code).toBe("validation_error");
    }
    // A type the bot does not read is taken (200) and ignored, so MAX does not retry it.
    const other = await call(webhook, "/api/max/webhook", { method: "POST", body: { update_type: "message_edited", timestamp: 1 }, headers: { "x-max-bot-api-secret": SECRET, "x-no-origin": "1" } });
    expect(other.status).toBe(200);
    expect(mx.calls.some((c) => c.method === "POST" && c.path === "/messages")).toBe(false);
  });

  it("MAX delivers a start with its payload to the URL: the person is linked through the webhook", async () => {
    const res = await call(linkRoute, "/api/account/max/link", { method: "POST", headers: { cookie: await cookieFor("editor", "vera@example.com") } });
    const { code } = (await res.json()) as { code: string };
    mx.start(maxUser(4343, "Вера"), code);
    await eventually(() => mx.deliveries.length === 1);
    expect(mx.deliveries[0]).toMatchObject({ url: hookUrl, update_type: "bot_started", status: 200 });
    expect((await maxLinkByEmail("vera@example.com"))?.max_user_id).toBe("max:4343");
    const sent = mx.calls.find((c) => c.method === "POST" && c.path === "/messages");
    expect(sent).toMatchObject({ query: { chat_id: "4343" }, body: { text: expect.stringContaining("связан с Тест editor") } });
  });

  it("answers a stranger with one short message", async () => {
    const before = mx.calls.filter((c) => c.method === "POST" && c.path === "/messages").length;
    mx.userSays(maxUser(5151, "Y"), 5151, "кто здесь?");
    await eventually(() => mx.deliveries.length === 2);
    expect(mx.deliveries[1]).toMatchObject({ update_type: "message_created", status: 200 });
    const sent = mx.calls.filter((c) => c.method === "POST" && c.path === "/messages").slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ query: { chat_id: "5151" }, body: { text: expect.stringContaining("только для участников") } });
  });
});

describe("the MAX token", () => {
  it("is cut out of a failed request's error before anything logs it", async () => {
    const token = "max-SECRET-part-of-the-token-abcdefgh";
    const dead = `http://127.0.0.1:${await freePort()}`;
    const { Bot } = await import("@maxhub/max-bot-api");
    const err = await new Bot(token, { clientOptions: { baseUrl: dead } }).api.getMyInfo().catch((e: unknown) => e);
    // The library sends the token in the Authorization header, so its network error does not quote it…
    expect(String(err)).not.toContain("SECRET-part-of-the-token");
    expect(safeMaxError(err, { token })).toMatch(/\S/);
    // …and an error that does (a proxy's, or MAX's older ?access_token= form) loses it before the log.
    const quoting = new Error(`GET ${dead}/me?access_token=${token} failed`);
    expect(safeMaxError(quoting, { token })).toBe(`Error: GET ${dead}/me?access_token=<token> failed`);
  });
});
