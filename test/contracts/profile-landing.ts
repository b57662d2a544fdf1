import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { landingPath } from "@/lib/auth/landing";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, db, ensureMigrated, type DatabaseKind } from "@/lib/server/db";
import { getSettings, saveSettings } from "@/lib/server/notify/settings";
import { getOwnLanding, saveOwnLanding } from "@/lib/server/profile/landing";
import { getOwnTimeZone, saveOwnTimeZone } from "@/lib/server/profile/time-zone";

/*
 * A person's landing page as the database keeps it (migration 0020_landing), on SQLite and Postgres
 * alike: none until chosen, theirs after, beside (never over) their time zone and notification settings.
 */
export function describeLandingStoreContract(name: string, target: { kind: DatabaseKind; freshDatabase: () => Promise<string> }): void {
  describe(`${name}: the landing page on the profile`, () => {
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "landing-contract-"));
      process.env.DATABASE_URL = await target.freshDatabase();
      process.env.AUDIT_FALLBACK_FILE = path.join(dir, "fallback.jsonl");
      resetEnvForTests();
      await closeDbForTests();
      await ensureMigrated();
    });
    afterAll(async () => {
      await closeDbForTests();
      rmSync(dir, { recursive: true, force: true });
    });

    it("is none until chosen, the chosen one after (whatever the email's case), and none again once cleared", async () => {
      expect(await getOwnLanding("rita@example.com")).toBeNull();
      expect(landingPath("reviewer", await getOwnLanding("rita@example.com"))).toBe("/inbox?verdict=mine");
      await saveOwnLanding("Rita@Example.com", "calendar");
      expect(await getOwnLanding("rita@example.com")).toBe("calendar");
      expect(landingPath("reviewer", await getOwnLanding("rita@example.com"))).toBe("/calendar");
      expect(await getOwnLanding("ed@example.com")).toBeNull();
      await saveOwnLanding("rita@example.com", null);
      expect(await getOwnLanding("rita@example.com")).toBeNull();
    });

    it("keeps the person's time zone and notification settings, and they keep it", async () => {
      await saveOwnTimeZone("mia@example.com", "Asia/Novosibirsk");
      const settings = await getSettings("mia@example.com");
      await saveSettings("mia@example.com", { ...settings, due_hours: 6 });
      await saveOwnLanding("mia@example.com", "queue");
      expect(await getOwnTimeZone("mia@example.com")).toBe("Asia/Novosibirsk");
      expect((await getSettings("mia@example.com")).due_hours).toBe(6);
      await saveOwnTimeZone("mia@example.com", "Europe/Kaliningrad");
      await saveSettings("mia@example.com", { ...settings, due_hours: 12 });
      expect(await getOwnLanding("mia@example.com")).toBe("queue");
    });

    it("reads a stored value that is no longer offered as none (the role's page)", async () => {
      await saveOwnLanding("old@example.com", "overview");
      await db().updateTable("notify_settings").set({ landing: "reports" }).where("email", "=", "old@example.com").execute();
      expect(await getOwnLanding("old@example.com")).toBeNull();
      expect(landingPath("editor", await getOwnLanding("old@example.com"))).toBe("/inbox");
    });
  });
}
