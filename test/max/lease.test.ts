import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/app/api/_tests/harness";
import { createJobRunner, type JobRunner } from "@/lib/server/jobs";
import { resetMaxApiForTests } from "@/lib/server/messengers/max/api";
import { startMax, stopMax } from "@/lib/server/messengers/max/runtime";
import { eventually } from "@/test/eventually";
import { maxUser, startMaxApiServer, type MaxApiServer } from "./max-api-server";

/*
 * MAX's long polling is held by one instance at a time, as Telegram's (the
 * twin of test/telegram/lease.test.ts): two instances' job runners on one
 * database take turns through the lease, and when the holder stops the other
 * takes over.
 */

let h: Harness;
let mx: MaxApiServer;
const runners: JobRunner[] = [];

beforeAll(async () => {
  mx = await startMaxApiServer();
  h = await startHarness({ MAX_BOT_TOKEN: mx.token, MAX_API_ROOT: mx.url, TELEGRAM_BOT_TOKEN: undefined });
  resetMaxApiForTests();
});
afterAll(async () => {
  for (const r of runners) await r.stop();
  stopMax();
  await h?.close();
  await mx?.close();
});

const stranger = maxUser(6100, "Кто-то");
const repliesTo = (chat: number) => mx.calls.filter((c) => c.method === "POST" && c.path === "/messages" && Number(c.query.chat_id) === chat).length;

describe("the MAX polling lease", () => {
  it("lets one of two instances poll, and hands over when the holder stops", async () => {
    for (const owner of ["instance-a", "instance-b"]) {
      const r = createJobRunner({ owner, held: { ttlMs: 1_500, renewMs: 200 } });
      await startMax(r, { tickMs: 3_600_000, pollSeconds: 1 });
      runners.push(r);
    }
    await runners[0]!.start();
    await mx.waitForCall((c) => c.path === "/updates");
    await runners[1]!.start();

    mx.userSays(stranger, stranger.user_id, "привет");
    await eventually(() => repliesTo(stranger.user_id) === 1, 8_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(repliesTo(stranger.user_id)).toBe(1); // handled once, by the one poller

    await runners[0]!.stop();
    mx.userSays(stranger, stranger.user_id, "ещё раз");
    await eventually(() => repliesTo(stranger.user_id) === 2, 8_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(repliesTo(stranger.user_id)).toBe(2);
  });
});
