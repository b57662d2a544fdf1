import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as account } from "@/app/api/account/telegram/route";
import { POST as linkRoute } from "@/app/api/account/telegram/link/route";
import { POST as webhook } from "@/app/api/telegram/webhook/route";
import { call, cookieFor, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { notifyListeners } from "@/lib/server/notify";
import { startTelegram, stopTelegram } from "@/lib/server/messengers/telegram/runtime";
import { createJobRunner } from "@/lib/server/jobs";

// Without TELEGRAM_BOT_TOKEN there is no bot: nothing starts, the routes say so, the rest is unchanged.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ TELEGRAM_BOT_TOKEN: undefined, TELEGRAM_WEBHOOK_URL: undefined });
  await startTelegram(createJobRunner());
});
afterAll(async () => {
  stopTelegram();
  await h?.close();
});

describe("no token, no bot", () => {
  it("registers no notification channel and the profile shows the bot as unavailable", async () => {
    expect(notifyListeners()).toHaveLength(0);
    const res = await call(account, "/api/account/telegram", { role: "editor" });
    expect(await res.json()).toEqual({ data: { available: false, bot: null, linked: false, username: null, linked_at: null, kinds: null } });
  });

  it("refuses a link and a webhook update with the error envelope", async () => {
    const link = await call(linkRoute, "/api/account/telegram/link", { method: "POST", headers: { cookie: await cookieFor("editor") } });
    expect(link.status).toBe(403);
    expect((await errorOf(link)).code).toBe("feature_unavailable");
    const hook = await call(webhook, "/api/telegram/webhook", { method: "POST", body: { update_id: 1 }, headers: { "x-no-origin": "1" } });
    expect(hook.status).toBe(404);
  });
});
