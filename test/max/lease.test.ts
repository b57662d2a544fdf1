import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/app/api/_tests/harness";
import { maxApi, resetMaxApiForTests } from "@/lib/server/messengers/max/api";
import { maxConfig } from "@/lib/server/messengers/max/config";
import { MaxPoller } from "@/lib/server/messengers/max/runtime";
import { eventually } from "@/test/eventually";
import { maxUser, startMaxApiServer, type MaxApiServer } from "./max-api-server";

/*
 * MAX's long polling is held by one instance at a time, as Telegram's (the
 * twin of test/telegram/lease.test.ts): two pollers on one database take
 * turns through the lease, and the other takes over once a quiet holder's lapses.
 */

let h: Harness;
let mx: MaxApiServer;
const pollers: MaxPoller[] = [];

beforeAll(async () => {
  mx = await startMaxApiServer();
  h = await startHarness({ MAX_BOT_TOKEN: mx.token, MAX_API_ROOT: mx.url, TELEGRAM_BOT_TOKEN: undefined });
  resetMaxApiForTests();
});
afterAll(async () => {
  for (const p of pollers) p.halt();
  await h?.close();
  await mx?.close();
});

const stranger = maxUser(6100, "Кто-то");
const repliesTo = (chat: number) => mx.calls.filter((c) => c.method === "POST" && c.path === "/messages" && Number(c.query.chat_id) === chat).length;

describe("the MAX polling lease", () => {
  it("lets one of two instances poll, and hands over when the holder goes quiet", async () => {
    const c = maxConfig()!;
    const a = new MaxPoller(maxApi(c), c, { leaseMs: 1_500, pollSeconds: 1 }, "instance-a");
    const b = new MaxPoller(maxApi(c), c, { leaseMs: 1_500, pollSeconds: 1 }, "instance-b");
    pollers.push(a, b);
    await a.step();
    await b.step();
    expect([a.polling, b.polling]).toEqual([true, false]);
    await a.step();
    await b.step();
    expect([a.polling, b.polling]).toEqual([true, false]);

    mx.userSays(stranger, stranger.user_id, "привет");
    await eventually(() => repliesTo(stranger.user_id) === 1, 8_000);

    // A dies without a word (no release); b may not take over before the lease lapses.
    a.halt();
    await b.step();
    expect(b.polling).toBe(false);
    await new Promise((r) => setTimeout(r, 1_700));
    await b.step();
    expect(b.polling).toBe(true);
    mx.userSays(stranger, stranger.user_id, "ещё раз");
    await eventually(() => repliesTo(stranger.user_id) === 2, 8_000);

    await a.step();
    expect(a.polling).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(repliesTo(stranger.user_id)).toBe(2);
  });
});
