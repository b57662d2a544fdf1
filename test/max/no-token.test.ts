import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as account, PUT as putAccount } from "@/app/api/account/max/route";
import { POST as linkRoute } from "@/app/api/account/max/link/route";
import { POST as webhook } from "@/app/api/max/webhook/route";
import { POST as sendToMax } from "@/app/api/posts/[id]/max/route";
import { NextRequest } from "next/server";
import { call, cookieFor, errorOf, ORIGIN, startHarness, type Harness } from "@/app/api/_tests/harness";
import { notifyListeners } from "@/lib/server/notify";
import { startMax, stopMax } from "@/lib/server/messengers/max/runtime";
import { createJobRunner } from "@/lib/server/jobs";

// Without MAX_BOT_TOKEN there is no MAX bot: nothing starts, the routes say so, the rest is unchanged (the twin of test/telegram/no-token.test.ts).

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAX_BOT_TOKEN: undefined, MAX_WEBHOOK_URL: undefined, TELEGRAM_BOT_TOKEN: undefined });
  await startMax(createJobRunner());
});
afterAll(async () => {
  stopMax();
  await h?.close();
});

describe("no MAX token, no MAX bot", () => {
  it("registers no notification channel, polls nothing, and the profile shows MAX as unavailable", async () => {
    expect(notifyListeners()).toHaveLength(0);
    const res = await call(account, "/api/account/max", { role: "editor" });
    expect(await res.json()).toEqual({ data: { available: false, bot: null, linked: false, username: null, linked_at: null, kinds: null, reminders_to: "telegram" } });
  });

  it("refuses a link, card choices, a card on request and a webhook update with the error envelope", async () => {
    const cookie = await cookieFor("editor");
    const link = await call(linkRoute, "/api/account/max/link", { method: "POST", headers: { cookie } });
    expect(link.status).toBe(403);
    expect((await errorOf(link)).code).toBe("feature_unavailable");
    const body = JSON.stringify({ kinds: { deadline: true, mention: true, changes_requested: true, digest: true } });
    const kinds = await putAccount(new NextRequest(`${ORIGIN}/api/account/max`, { method: "PUT", headers: { cookie, origin: ORIGIN, "content-type": "application/json" }, body }), { params: Promise.resolve({}) });
    expect(kinds.status).toBe(403);
    expect((await errorOf(kinds)).code).toBe("feature_unavailable");
    const sent = await call(sendToMax, "/api/posts/x/max", { method: "POST", params: { id: "1" }, headers: { cookie } });
    expect(sent.status).toBe(403);
    expect((await errorOf(sent)).code).toBe("feature_unavailable");
    const hook = await call(webhook, "/api/max/webhook", { method: "POST", body: { update_type: "bot_started" }, headers: { "x-no-origin": "1" } });
    expect(hook.status).toBe(404);
  });
});
