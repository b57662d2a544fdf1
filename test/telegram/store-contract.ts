import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, ensureMigrated, type DatabaseKind } from "@/lib/server/db";
import {
  claimCard,
  claimStep,
  consumeLinkCode,
  createLinkCode,
  getCard,
  getRules,
  linkByEmail,
  linkByTgUser,
  LINK_CODE_TTL_MS,
  newCard,
  releaseCard,
  saveLink,
  saveRule,
  setPrompt,
  takePrompt,
} from "@/lib/server/messengers/store";

/*
 * What the bot relies on from the database, on SQLite and Postgres alike
 * (store.sqlite.test.ts, store.postgres.test.ts): each "only once" is won by
 * exactly one caller, even when several ask at the same moment.
 */

export type TelegramStoreTarget = { kind: DatabaseKind; freshDatabase: () => Promise<string> };
const T0 = Date.parse("2026-11-20T09:00:00.000Z");

export function describeTelegramStoreContract(name: string, target: TelegramStoreTarget): void {
  describe(`${name}: the Telegram bot's rows`, () => {
    beforeAll(async () => {
      process.env.DATABASE_URL = await target.freshDatabase();
      resetEnvForTests();
      await closeDbForTests();
      await ensureMigrated();
    });
    afterAll(() => closeDbForTests());

    it("a link code is used once, and not after ten minutes", async () => {
      const { code } = await createLinkCode("Anna@Example.com", T0);
      const tries = await Promise.all([consumeLinkCode(code, T0 + 1000), consumeLinkCode(code, T0 + 1000), consumeLinkCode(code, T0 + 1000)]);
      expect(tries.filter((x) => x !== null)).toEqual(["anna@example.com"]);
      const late = await createLinkCode("anna@example.com", T0);
      expect(await consumeLinkCode(late.code, T0 + LINK_CODE_TTL_MS + 1)).toBeNull();
      expect(await consumeLinkCode("no-such-code-000000000000", T0)).toBeNull();
    });

    it("one live link code per person: a new code ends the older ones, not other people's", async () => {
      const older = await createLinkCode("vera@example.com", T0);
      const other = await createLinkCode("oleg@example.com", T0);
      const newer = await createLinkCode("Vera@example.com", T0 + 1000);
      expect(await consumeLinkCode(older.code, T0 + 2000)).toBeNull();
      expect(await consumeLinkCode(newer.code, T0 + 2000)).toBe("vera@example.com");
      expect(await consumeLinkCode(other.code, T0 + 2000)).toBe("oleg@example.com");
    });

    it("one Telegram account per person and one person per account; ids beyond 32 bits kept exactly", async () => {
      const big = "9007199254740993"; // past 2^53 even: kept as text
      await saveLink({ email: "anna@example.com", tgUserId: big, chatId: big, username: "anna" }, T0);
      await saveLink({ email: "boris@example.com", tgUserId: big, chatId: big, username: "anna" }, T0 + 1);
      expect(await linkByEmail("anna@example.com")).toBeNull();
      expect((await linkByTgUser(big))?.email).toBe("boris@example.com");
      expect((await linkByTgUser(big))?.chat_id).toBe(big);
    });

    it("a card is claimed by one press at a time, and can be released after a failure", async () => {
      const id = await newCard({ chatId: "-100123", taskId: 1001, campaignId: 101, version: 3, kind: "team", forEmail: null }, T0);
      const claims = await Promise.all([claimCard(id), claimCard(id), claimCard(id)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      await releaseCard(id);
      expect((await getCard(id))?.decision).toBeNull();
      expect(await claimCard(id)).toBe(true);
    });

    it("a step is marked once per post", async () => {
      const wins = await Promise.all([claimStep(1001, "escalate", T0), claimStep(1001, "escalate", T0), claimStep(1002, "escalate", T0)]);
      expect(wins.filter(Boolean)).toHaveLength(2);
      expect(await claimStep(1001, "escalate", T0 + 1)).toBe(false);
    });

    it("a reject's waiting reason is taken once", async () => {
      await setPrompt({ chatId: "7001", tgUserId: "7001", cardId: "c1", category: "tone" }, Date.now());
      const taken = await Promise.all([takePrompt("7001", "7001"), takePrompt("7001", "7001")]);
      expect(taken.filter((x) => x !== null)).toEqual([{ card_id: "c1", category: "tone" }]);
    });

    it("keeps a campaign's reminder rule (emails lower-cased), replacing it on save", async () => {
      await saveRule({ campaign_id: 110, approvers: ["Anna@Example.com"], backups: [], remind_hours: 3, repeat_hours: 1, escalate_hours: 1, updated_by: "gleb@example.com" }, T0);
      await saveRule({ campaign_id: 110, approvers: ["anna@example.com", "dima@example.com"], backups: ["boris@example.com"], remind_hours: 4, repeat_hours: 2, escalate_hours: 1, updated_by: "gleb@example.com" }, T0 + 1);
      expect(await getRules([110])).toMatchObject([{ campaign_id: 110, approvers: ["anna@example.com", "dima@example.com"], backups: ["boris@example.com"], remind_hours: 4, repeat_hours: 2 }]);
    });
  });
}
