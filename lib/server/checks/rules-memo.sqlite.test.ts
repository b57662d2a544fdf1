import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CheckRules } from "@/lib/checks/rules";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, ensureMigrated } from "@/lib/server/db";

/*
 * A campaign's rules are read on every check and kept a few seconds in memory. Next evaluates
 * server modules once per bundle (a route, a page), so the rules route that saves a set and the
 * post page that checks a version each hold their own copy of the store: a save must be seen by
 * the other at once. An e2e journey found a new version checked against the set of a moment before.
 */

let dir: string;
const admin = { email: "admin@example.com", name: "Админ", role: "admin" };
const banned = (phrase: string) => CheckRules.parse({ banned: [{ phrase, severity: "block" }] });
// A fresh evaluation of the store, as another bundle has it.
async function bundle() {
  vi.resetModules();
  return import("./rules-store");
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "checks-rules-memo-"));
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  process.env.DATABASE_URL = `file:${path.join(dir, "db.db")}`;
  resetEnvForTests();
  await closeDbForTests();
  await ensureMigrated();
});

afterAll(async () => {
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

describe("the rules' memo", () => {
  it("a save through one bundle is seen at once by another that read the rules just before", async () => {
    const page = await bundle();
    const route = await bundle();
    expect(page).not.toBe(route);
    expect((await page.rulesFor(7)).source).toBe("built_in"); // remembered for a few seconds
    await route.saveRules(7, banned("гарантия дохода"), admin);
    const now = await page.rulesFor(7);
    expect(now.source).toBe("campaign");
    expect(now.rules.banned.map((b) => b.phrase)).toEqual(["гарантия дохода"]);
  });
});
