import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { recordDecision } from "@/lib/server/audit";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { createShareLink, linkForToken, listShareLinks, revokeShareLink } from "@/lib/server/share/store";

/*
 * The share-link store's behaviour, declared once and run against SQLite
 * (store.sqlite.test.ts) and Postgres (store.postgres.test.ts): the same
 * calls give the same answers, types included (pg hands back bigints as text).
 */
export type ShareStoreTarget = { freshDatabase: () => Promise<string> };

const editor = { email: "anna@example.com", name: "Анна", role: "editor" as const };
const admin = { email: "boss@example.com", name: "Босс", role: "admin" as const };

export function describeShareStoreContract(name: string, target: ShareStoreTarget): void {
  describe(`${name}: share links`, () => {
    beforeAll(async () => {
      process.env.DATABASE_URL = await target.freshDatabase();
      resetEnvForTests();
      await closeDbForTests();
      await ensureMigrated();
    });
    afterAll(async () => {
      await closeDbForTests();
    });

    it("creates a link with its audit event; finds it by its token only, never by a tampered one", async () => {
      const now = Date.parse("2026-11-20T06:00:00.000Z");
      const { link, token } = await createShareLink({ task_id: 1315, expires_in_hours: 24, can_decide: true, audit_campaign_id: 101 }, editor, now);
      expect(link).toMatchObject({ task_id: 1315, campaign_id: null, can_decide: true, status: "active", expires_at: "2026-11-21T06:00:00.000Z", created_by: { email: editor.email, name: editor.name } });
      expect(token.startsWith(link.id)).toBe(true);
      expect(await linkForToken(token, now)).toMatchObject({ id: link.id, task_id: 1315 });
      const wrong = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
      expect(await linkForToken(wrong, now)).toBeNull();
      expect(await linkForToken(link.id, now)).toBeNull();
      const row = await db().selectFrom("share_links").selectAll().where("id", "=", link.id).executeTakeFirstOrThrow();
      expect(row.token_hash).not.toContain(token.slice(16));
      const event = await db().selectFrom("audit_events").selectAll().where("subject_id", "=", link.id).executeTakeFirstOrThrow();
      expect(event).toMatchObject({ kind: "share.created", actor_email: editor.email, role: "editor", campaign_id: 101 });
      expect(Number(event.task_id)).toBe(1315);
    });

    it("tells active, expired and revoked apart, and filters by them", async () => {
      const now = Date.parse("2026-11-22T06:00:00.000Z");
      const a = await createShareLink({ campaign_id: 77, expires_in_hours: 1, can_decide: false }, editor, now - 2 * 3_600_000);
      const b = await createShareLink({ campaign_id: 77, expires_in_hours: 5, can_decide: false }, editor, now);
      const c = await createShareLink({ campaign_id: 77, expires_in_hours: 5, can_decide: true }, editor, now);
      await revokeShareLink(c.link.id, admin, now);
      const statuses = Object.fromEntries((await listShareLinks({ campaign_id: 77 }, 200, now)).map((l) => [l.id, l.status]));
      expect(statuses).toEqual({ [a.link.id]: "expired", [b.link.id]: "active", [c.link.id]: "revoked" });
      expect((await listShareLinks({ campaign_id: 77, status: "active" }, 200, now)).map((l) => l.id)).toEqual([b.link.id]);
      expect((await listShareLinks({ campaign_id: 77, status: "expired" }, 200, now)).map((l) => l.id)).toEqual([a.link.id]);
      expect((await listShareLinks({ campaign_id: 77, status: "revoked" }, 200, now)).map((l) => l.id)).toEqual([c.link.id]);
      expect((await linkForToken(c.token, now))?.status).toBe("revoked");
      expect((await linkForToken(a.token, now))?.status).toBe("expired");
      const listed = await listShareLinks({ campaign_id: 77 }, 200, now);
      expect(listed.every((l) => typeof l.campaign_id === "number" && typeof l.can_decide === "boolean")).toBe(true);
    });

    it("revokes once: a second revocation changes nothing and records nothing", async () => {
      const { link } = await createShareLink({ task_id: 5, expires_in_hours: 3, can_decide: true }, editor);
      const first = await revokeShareLink(link.id, admin, Date.parse("2026-11-23T00:00:00.000Z"));
      const again = await revokeShareLink(link.id, editor, Date.parse("2026-11-23T01:00:00.000Z"));
      expect(first).toMatchObject({ status: "revoked", revoked_by: admin.email, revoked_at: "2026-11-23T00:00:00.000Z" });
      expect(again).toMatchObject({ revoked_by: admin.email, revoked_at: "2026-11-23T00:00:00.000Z" });
      expect(await revokeShareLink("0000000000000000", admin)).toBeNull();
      const events = await db().selectFrom("audit_events").select("kind").where("subject_id", "=", link.id).execute();
      expect(events.map((e) => e.kind).sort()).toEqual(["share.created", "share.revoked"]);
      expect((await listShareLinks({ task_id: 5 })).find((l) => l.id === link.id)?.status).toBe("revoked");
    });

    it("audit_log carries the link a decision came through (null for the team's own)", async () => {
      const base = { at: "2026-11-20T06:00:00.000Z", user_name: "Ирина", task_id: 9, campaign_id: 1, version_number: 2, version_seen: 2, action: "approve" as const, reason: null, reason_category: null, note: null, status_after: "APPROVED", result: "approved_now", error_code: null, http_status: 200, duration_ms: 3 };
      const viaLink = await recordDecision({ ...base, user_email: "external:Ирина", role: "external", source: "share_link", share_link_id: "00112233aabbccdd" });
      const own = await recordDecision({ ...base, user_email: "anna@example.com", role: "editor", source: "single" });
      const rows = await db().selectFrom("audit_log").select(["id", "share_link_id", "source"]).where("id", "in", [viaLink, own]).orderBy("id").execute();
      expect(rows.map((r) => [r.source, r.share_link_id])).toEqual([["share_link", "00112233aabbccdd"], ["single", null]]);
    });
  });
}
