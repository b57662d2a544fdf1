import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/app/api/_tests/harness";
import { createJobRunner, type JobRunner } from "@/lib/server/jobs";
import { startTelegram, stopTelegram } from "@/lib/server/messengers/telegram/runtime";
import { eventually } from "@/test/eventually";
import { startBotApiServer, type BotApiServer } from "./bot-api-server";

/*
 * Long polling is held by one instance at a time: two instances' job runners
 * on one database take turns through the lease, and when the holder stops
 * the other takes over.
 */

let h: Harness;
let tg: BotApiServer;
const runners: JobRunner[] = [];

beforeAll(async () => {
  tg = await startBotApiServer();
  h = await startHarness({ TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.url });
});
afterAll(async () => {
  for (const r of runners) await r.stop();
  stopTelegram();
  await h?.close();
  await tg?.close();
});

const stranger = { id: 6100, is_bot: false as const, first_name: "Кто-то" };
const repliesTo = (chat: number) => tg.calls.filter((c) => c.method === "sendMessage" && Number(c.params.chat_id) === chat).length;

describe("the polling lease", () => {
  it("lets one of two instances poll, and hands over when the holder stops", async () => {
    for (const owner of ["instance-a", "instance-b"]) {
      const r = createJobRunner({ owner, held: { ttlMs: 1_500, renewMs: 200 } });
      await startTelegram(r, { tickMs: 3_600_000 });
      runners.push(r);
    }
    await runners[0]!.start();
    await tg.waitForCall((c) => c.method === "getUpdates");
    await runners[1]!.start();

    tg.userSays(stranger, { id: stranger.id, type: "private" }, "привет");
    await eventually(() => repliesTo(stranger.id) === 1, 8_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(repliesTo(stranger.id)).toBe(1); // handled once, by the one poller

    // a stops: b takes the lease over and answers the next message, once.
    await runners[0]!.stop();
    tg.userSays(stranger, { id: stranger.id, type: "private" }, "ещё раз");
    await eventually(() => repliesTo(stranger.id) === 2, 8_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(repliesTo(stranger.id)).toBe(2);
  });
});
