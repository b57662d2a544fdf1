import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/app/api/_tests/harness";
import { telegramConfig } from "@/lib/server/messengers/telegram/config";
import { Poller } from "@/lib/server/messengers/telegram/runtime";
import { eventually } from "@/test/eventually";
import { startBotApiServer, type BotApiServer } from "./bot-api-server";

/*
 * Long polling is held by one instance at a time: two pollers on one database
 * (two dashboard instances) take turns through the lease, and when the holder
 * goes quiet the other takes over once the lease lapses.
 */

let h: Harness;
let tg: BotApiServer;
const pollers: Poller[] = [];

beforeAll(async () => {
  tg = await startBotApiServer();
  h = await startHarness({ TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.url });
});
afterAll(async () => {
  for (const p of pollers) await p.halt(true);
  await h?.close();
  await tg?.close();
});

const stranger = { id: 6100, is_bot: false as const, first_name: "Кто-то" };
const repliesTo = (chat: number) => tg.calls.filter((c) => c.method === "sendMessage" && Number(c.params.chat_id) === chat).length;

describe("the polling lease", () => {
  it("lets one of two instances poll, and hands over when the holder goes quiet", async () => {
    const c = telegramConfig()!;
    const a = new Poller(c, { leaseMs: 1_500 }, "instance-a");
    const b = new Poller(c, { leaseMs: 1_500 }, "instance-b");
    pollers.push(a, b);
    await a.step();
    await b.step();
    expect([a.polling, b.polling]).toEqual([true, false]);
    await a.step(); // renewing keeps it
    await b.step();
    expect([a.polling, b.polling]).toEqual([true, false]);

    tg.userSays(stranger, { id: stranger.id, type: "private" }, "привет");
    await eventually(() => repliesTo(stranger.id) === 1, 8_000);

    // A dies without a word (no release); b may not take over before the lease lapses.
    await a.halt(false);
    await b.step();
    expect(b.polling).toBe(false);
    await new Promise((r) => setTimeout(r, 1_700));
    await b.step();
    expect(b.polling).toBe(true);
    tg.userSays(stranger, { id: stranger.id, type: "private" }, "ещё раз");
    await eventually(() => repliesTo(stranger.id) === 2, 8_000);

    // a comes back: it finds the lease taken and stays quiet.
    await a.step();
    expect(a.polling).toBe(false);
    expect(repliesTo(stranger.id)).toBe(2);
  });
});
