import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/lib/server/auth/session-store";
import { resetEnvForTests } from "@/lib/env";
import { checkAccess } from "@/lib/server/access";
import { closeDbForTests, ensureMigrated, type DatabaseKind } from "@/lib/server/db";
import { addPerson, endSessionsByAdmin, removePerson, setRole } from "@/test/support/people";

/*
 * The one access check ("may this person do this today?") over the shared
 * stores: people changed through the users store (file on SQLite, table on
 * Postgres), sessions ended in the sessions table.
 */
export function describeAccessContract(name: string, target: { kind: DatabaseKind; freshDatabase: () => Promise<string> }): void {
  describe(`${name}: checkAccess`, () => {
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "access-contract-"));
      process.env.DATABASE_URL = await target.freshDatabase();
      process.env.AUTH_USERS_FILE = path.join(dir, "users.json");
      process.env.AUDIT_FALLBACK_FILE = path.join(dir, "fallback.jsonl");
      delete process.env.DEMO;
      resetEnvForTests();
      await closeDbForTests();
      await ensureMigrated();
    });
    afterAll(async () => {
      await closeDbForTests();
      rmSync(dir, { recursive: true, force: true });
    });

    it("lets a current editor decide, and refuses once demoted or removed", async () => {
      await addPerson("ed@example.com", "editor");
      expect(await checkAccess("Ed@Example.com", { permission: "decide" })).toMatchObject({ ok: true, person: { role: "editor" } });
      await setRole("ed@example.com", "reviewer");
      expect(await checkAccess("ed@example.com", { permission: "decide" })).toMatchObject({ ok: false, loss: "demoted" });
      await removePerson("ed@example.com");
      expect(await checkAccess("ed@example.com", { permission: "decide" })).toMatchObject({ ok: false, loss: "removed" });
    });

    it("refuses after an admin ended the person's sessions since the right was given, not before it", async () => {
      await addPerson("rev@example.com", "editor");
      await createSession({ user: { email: "rev@example.com", name: "rev", role: "editor" }, provider: "credentials", maxAgeMs: 3_600_000 });
      const before = new Date(Date.now() - 60_000).toISOString();
      await endSessionsByAdmin("rev@example.com");
      expect(await checkAccess("rev@example.com", { permission: "decide", since: before })).toMatchObject({ ok: false, loss: "revoked" });
      const after = new Date(Date.now() + 1_000).toISOString();
      expect(await checkAccess("rev@example.com", { permission: "decide", since: after })).toMatchObject({ ok: true });
      expect(await checkAccess("rev@example.com", { permission: "decide" })).toMatchObject({ ok: true });
    });

    it("says role_changed when the role acted under is not today's, even if today's may act", async () => {
      await addPerson("rita@example.com", "reviewer");
      expect(await checkAccess("rita@example.com", { permission: "verdict", role: "reviewer" })).toMatchObject({ ok: true });
      await setRole("rita@example.com", "editor");
      expect(await checkAccess("rita@example.com", { permission: "verdict", role: "reviewer" })).toMatchObject({ ok: false, loss: "role_changed" });
    });

    it("reads a single-sign-on person's role from their newest sign-in", async () => {
      const user = { email: "sso@example.com", name: "sso", role: "editor" as const };
      await createSession({ user, provider: "oidc", maxAgeMs: 3_600_000 }, Date.now() - 10_000);
      expect(await checkAccess("sso@example.com", { permission: "decide" })).toMatchObject({ ok: true });
      await createSession({ user: { ...user, role: "manager" }, provider: "oidc", maxAgeMs: 3_600_000 });
      expect(await checkAccess("sso@example.com", { permission: "decide" })).toMatchObject({ ok: false, loss: "demoted" });
      expect(await checkAccess("nobody@example.com", { permission: "read" })).toMatchObject({ ok: false, loss: "removed" });
    });
  });
}
