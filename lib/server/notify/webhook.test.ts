import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startWebhookReceiver, type TestReceiver } from "@/test/servers/notify-receivers";
import { sendWebhook, signBody, type WebhookPayload } from "./webhook";

// The outgoing webhook against a real local receiver that checks the signature as a chat tool's endpoint would.
const SECRET = "a-webhook-secret-0123456789";
let receiver: TestReceiver;
const payload: WebhookPayload = {
  type: "notification", kind: "mention", task_id: 7, campaign_id: 3, url: "https://dash.example/posts/7", actor: "Анна",
  text: "Анна упомянул(а) вас", detail: { excerpt: "«кавычки» & <теги>" }, sent_at: "2026-11-20T09:00:00.000Z",
};

beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  receiver = await startWebhookReceiver(SECRET);
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.hooks.length = 0;
  receiver.status = 200;
});

describe("sendWebhook", () => {
  it("signs the raw body with HMAC-SHA256 and sends the time", async () => {
    expect(await sendWebhook(receiver.url, SECRET, payload, { backoffMs: 1 })).toBe(true);
    expect(receiver.hooks).toEqual([{ body: payload, signatureOk: true, timestamp: String(Date.parse(payload.sent_at) / 1000) }]);
    expect(signBody("{}", SECRET)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it("is refused by a receiver holding another secret (the signature is checked, not just present)", async () => {
    expect(await sendWebhook(receiver.url, "some-other-secret-0123456789", payload, { backoffMs: 1 })).toBe(false);
    expect(receiver.hooks).toHaveLength(1); // a 401 is the receiver's answer: not repeated
    expect(receiver.hooks[0]?.signatureOk).toBe(false);
  });

  it("tries a failing receiver three times, then gives up without throwing", async () => {
    receiver.status = 503;
    expect(await sendWebhook(receiver.url, SECRET, payload, { backoffMs: 1 })).toBe(false);
    expect(receiver.hooks).toHaveLength(3);
  });

  it("reports an unreachable receiver as not sent", async () => {
    expect(await sendWebhook("http://127.0.0.1:1/hook", SECRET, payload, { backoffMs: 1 })).toBe(false);
  });
});
