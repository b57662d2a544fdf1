import { describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { addSubscription, claimDelivery, CLAIM_MS, deliveryOf, markLostSends, MAX_ATTEMPTS, settleDelivery } from "@/lib/server/reports/schedule/store";
import type { StoreTarget } from "@/test/contracts/db-store";

/*
 * A scheduled report's send, once per subscription, period and channel, on
 * both databases: two instances claim at once and one wins; a refused send
 * is claimed again only after its wait; a sent one never again; a send whose
 * sender stopped is unknown and never repeated.
 */
const T = Date.parse("2026-11-23T06:01:00Z");

export function describeReportDeliveryContract(name: string, target: StoreTarget): void {
  describe(`${name}: report deliveries`, () => {
    it("are claimed by one instance, retried after a refusal, never sent twice", async () => {
      process.env.DATABASE_URL = await target.freshDatabase();
      resetEnvForTests();
      await closeDbForTests();
      await ensureMigrated();
      const s = await addSubscription(db(), "m@example.com", { campaign_id: null, cadence: "weekly", day: 1, hour: 9, by_email: true, by_telegram: false, locale: "ru" });
      const key = { subscription_id: s.id, period: "2026-11-16..2026-11-22", channel: "email" as const };
      const claims = await Promise.all([claimDelivery(db(), key, "a", T), claimDelivery(db(), key, "b", T)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const winner = claims[0] ? "a" : "b";
      await settleDelivery(db(), key, winner, T, { ok: false, error: "451", attempts: 1 });
      expect(await claimDelivery(db(), key, "b", T + 60_000)).toBe(false);
      expect(await claimDelivery(db(), key, "b", T + 5 * 60_000)).toBe(true);
      await settleDelivery(db(), key, "b", T + 5 * 60_000, { ok: true });
      expect(await deliveryOf(db(), key)).toMatchObject({ status: "sent", attempts: 2 });
      expect(await claimDelivery(db(), key, "a", T + 86_400_000)).toBe(false);

      const lost = { ...key, channel: "telegram" as const };
      expect(await claimDelivery(db(), lost, "a", T)).toBe(true);
      expect(await markLostSends(db(), T + CLAIM_MS - 1)).toBe(0);
      expect(await markLostSends(db(), T + CLAIM_MS + 1)).toBe(1);
      expect(await claimDelivery(db(), lost, "b", T + 86_400_000)).toBe(false);
      expect(await deliveryOf(db(), lost)).toMatchObject({ status: "unknown" });
      expect(MAX_ATTEMPTS).toBeGreaterThan(1);
      await closeDbForTests();
    });
  });
}
