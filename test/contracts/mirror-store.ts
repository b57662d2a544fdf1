import { describe, expect, it } from "vitest";
import type { Post } from "@/lib/schemas";
import { mirrorDatabase } from "@/lib/server/mirror/index";

/**
 * The mirror's store on a real database: SQLite (a file) and Postgres run the
 * same cases (store.sqlite.test.ts, store.postgres.test.ts). `url` gives a
 * fresh database per case.
 */
const T0 = Date.parse("2026-11-20T09:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();

function post(id: number, o: Partial<Post> = {}): Post {
  return {
    task_id: id,
    campaign_id: 7,
    campaign_name: "Кофейня",
    text: `Пост ${id}`,
    status: "WAITING_APPROVAL",
    post_type: "TEXT",
    published_at: iso(T0 + id * 60_000),
    created_at: iso(T0 - 86_400_000 + id * 1000),
    updated_at: iso(T0 - 3_600_000 + id * 1000),
    media: null,
    ...o,
  };
}

export function describeMirrorStore(name: string, url: () => Promise<string>): void {
  describe(`${name}: the campaign mirror's store`, () => {
    it("keeps a fill, answers it from its own copy until the next write, and a second instance sees every write", async () => {
      const d = mirrorDatabase(await url());
      const [a, b] = [d.store(), d.store()];
      expect(await a.read(7)).toBeUndefined();
      await a.replace(7, "Кофейня", [post(1), post(2), post(3)], { cursorMs: T0, fullBy: T0 + 3_600_000, at: T0 });
      const first = await b.read(7);
      expect(first?.posts.map((p) => p.task_id).sort()).toEqual([1, 2, 3]);
      expect(first?.sync).toMatchObject({ campaignName: "Кофейня", cursorMs: T0, fetchedAt: T0, fullBy: T0 + 3_600_000 });
      // A newer copy replaces the row; an older one does not; the same one changes nothing.
      expect(await a.upsert(7, [post(2, { status: "APPROVED", updated_at: iso(T0 + 1000) })], { at: T0 + 1000 })).toBe(1);
      expect(await a.upsert(7, [post(2, { status: "CANCELED", updated_at: iso(T0 - 1) })], { at: T0 + 2000 })).toBe(0);
      expect(await a.upsert(7, [post(1)], { at: T0 + 2000 })).toBe(0);
      const after = await b.read(7);
      expect(after?.posts.find((p) => p.task_id === 2)?.status).toBe("APPROVED");
      expect(after?.sync.revision).toBe((first?.sync.revision ?? 0) + 1);
      // A refresh that changed nothing moves the time, not the revision.
      await a.upsert(7, [], { at: T0 + 5000, fetchedAt: T0 + 5000, cursorMs: T0 + 1000 });
      expect((await b.read(7))?.sync).toMatchObject({ fetchedAt: T0 + 5000, cursorMs: T0 + 1000, revision: after?.sync.revision });
      expect(await b.campaignOf(3)).toBe(7);
      // A second fill replaces every row.
      await b.replace(7, "Кофейня", [post(4)], { cursorMs: T0, fullBy: T0, at: T0 + 9000 });
      expect((await a.read(7))?.posts.map((p) => p.task_id)).toEqual([4]);
      await d.db.destroy();
    });

    it("lets one instance at a time hold a campaign's refresh lease", async () => {
      const d = mirrorDatabase(await url());
      const [a, b] = [d.store(), d.store()];
      expect(await a.lease(7, "a", T0, T0 + 30_000)).toBe(true); // never filled: no row to hold
      await a.replace(7, "Кофейня", [post(1)], { fullBy: T0, at: T0 });
      expect(await a.lease(7, "a", T0, T0 + 30_000)).toBe(true);
      expect(await b.lease(7, "b", T0 + 1000, T0 + 31_000)).toBe(false);
      await a.release(7, "a");
      expect(await b.lease(7, "b", T0 + 2000, T0 + 32_000)).toBe(true);
      // A lease whose holder died lapses.
      expect(await a.lease(7, "a", T0 + 32_001, T0 + 62_000)).toBe(true);
      await d.db.destroy();
    });

    it("keeps last good answers for a restart", async () => {
      const d = mirrorDatabase(await url());
      const s = d.store();
      expect(await s.snapshot("account")).toBeUndefined();
      await s.keepSnapshot("account", { plan: { name: "Pro" } }, T0);
      await s.keepSnapshot("account", { plan: { name: "Max" } }, T0 + 1000);
      expect(await d.store().snapshot("account")).toEqual({ value: { plan: { name: "Max" } }, fetchedAt: T0 + 1000 });
      await d.db.destroy();
    });

    it("keeps wants of kept answers for the scheduler on any instance: the first want's time, oldest first, gone once done", async () => {
      const d = mirrorDatabase(await url());
      const a = d.store();
      const b = d.store();
      await a.want("projects", T0 + 2000);
      await b.want("account", T0 + 1000);
      await b.want("projects", T0 + 5000);
      expect(await a.wanted()).toEqual([
        { key: "account", at: T0 + 1000 },
        { key: "projects", at: T0 + 2000 },
      ]);
      expect(await a.wanted(1)).toEqual([{ key: "account", at: T0 + 1000 }]);
      await a.unwant("account");
      expect(await b.wanted()).toEqual([{ key: "projects", at: T0 + 2000 }]);
      // A campaign asked for, by prefix: other keys (and ones with LIKE's wildcards) stay out.
      await a.want("mirror:12", T0 + 3000);
      await a.want("campaigns?project_id=&status=ACTIVE,FROZEN", T0 + 500);
      expect(await b.wanted(10, "mirror:")).toEqual([{ key: "mirror:12", at: T0 + 3000 }]);
      await d.db.destroy();
    });
  });
}
