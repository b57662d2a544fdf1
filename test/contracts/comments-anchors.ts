import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listComments, POST as addComment } from "@/app/api/posts/[id]/comments/route";
import { GET as auditEvents } from "@/app/api/audit/events/route";
import type { CommentView } from "@/lib/schemas/collab";
import { admin, call, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";

/*
 * Comments anchored to a passage through their routes, against
 * the real simulator (its admin route makes new versions, as an edit in the
 * service would) and a real database (run by comments-anchors.api.sqlite.test.ts
 * and comments-anchors.api.postgres.test.ts): the anchor is checked against the
 * text of the version shown, and each read says what became of it on the
 * active version.
 */

export type AnchorsDatabase = { label: string; start: () => Promise<string | undefined>; stop: () => Promise<void> };

const V1 = "Осеннее меню уже в кофейнях 🎃: тыквенный латте и пирог с яблоками. Приходите до пятницы!";

export function describeAnchorsApi(database: AnchorsDatabase): void {
  describe(`anchored comments through the routes (${database.label})`, () => {
    let h: Harness;
    let campaign: number;

    beforeAll(async () => {
      // Undefined: the harness's own SQLite file (an explicit undefined would unset it).
      const url = await database.start();
      h = await startHarness({ DEMO: "1", ...(url ? { DATABASE_URL: url } : {}) });
      const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/?status=ACTIVE`, { headers: { Authorization: "Bearer demo-key" } });
      campaign = ((await res.json()) as { campaigns: { id: number }[] }).campaigns[0]!.id;
    });
    afterAll(async () => {
      await h?.close();
      await database.stop();
    });

    /** A generated post whose active version is `text`. */
    async function postWith(text: string): Promise<{ id: number; version: number }> {
      const { created } = (await (await admin(h.simUrl, `campaigns/${campaign}/generate`, { count: 1 })).json()) as { created: number[] };
      const id = created[0]!;
      return { id, version: await newVersion(id, text) };
    }
    async function newVersion(id: number, text: string): Promise<number> {
      const res = await admin(h.simUrl, `posts/${id}/versions`, { text_content: text });
      expect(res.status).toBe(201);
      return ((await res.json()) as { versions: { version_number: number; is_active: boolean }[] }).versions.find((v) => v.is_active)!.version_number;
    }
    const comment = (id: number, body: unknown) => call(addComment, `/api/posts/${id}/comments`, { method: "POST", role: "reviewer", params: { id: String(id) }, body });
    const thread = async (id: number) => {
      const res = await call(listComments, `/api/posts/${id}/comments`, { role: "editor", params: { id: String(id) } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { items: CommentView[] }).items;
    };
    const range = (text: string, quote: string) => ({ start: text.indexOf(quote), end: text.indexOf(quote) + quote.length });

    it("keeps the version, range and quoted words; every read says where the passage is on the active version", async () => {
      const { id, version } = await postWith(V1);
      const res = await comment(id, { body: "Латте с какой скидкой?", version, anchor: { version, ...range(V1, "тыквенный латте") } });
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as { data: CommentView };
      expect(data.anchor).toEqual({ version, ...range(V1, "тыквенный латте"), quote: "тыквенный латте", state: "current", at: { version, ...range(V1, "тыквенный латте") } });
      // A comment about the whole post has none.
      expect(((await (await comment(id, { body: "В целом хорошо" })).json()) as { data: CommentView }).data.anchor).toBeNull();

      const [anchored, whole] = await thread(id);
      expect(anchored!.anchor).toMatchObject({ state: "current", quote: "тыквенный латте" });
      expect(whole!.anchor).toBeNull();
      const audit = (await (await call(auditEvents, `/api/audit/events?task_id=${id}&limit=50`, { role: "admin" })).json()) as {
        items: { kind: string; detail_json: Record<string, unknown> | null }[];
      };
      expect(audit.items.find((e) => e.kind === "comment.created" && e.detail_json?.anchor)?.detail_json).toMatchObject({ version, anchor: range(V1, "тыквенный латте") });
    });

    it("carries the passage to a new version that keeps it (offsets move with an edit before it), and marks it outdated when it is edited", async () => {
      const { id, version: v1 } = await postWith(V1);
      const emoji = "меню уже в кофейнях 🎃";
      const { data } = (await (await comment(id, { body: "Эмодзи к месту?", version: v1, anchor: { version: v1, ...range(V1, emoji) } })).json()) as { data: CommentView };
      expect(data.anchor!.quote).toBe(emoji);

      const v2Text = `Новинка! ${V1.replace("до пятницы", "до воскресенья")}`;
      const v2 = await newVersion(id, v2Text);
      // An anchored comment reads the post afresh (so does a decision): from then on the thread is read against v2.
      expect((await comment(id, { body: "Новинка — это что?", version: v2, anchor: { version: v2, ...range(v2Text, "Новинка") } })).status).toBe(201);
      const carried = (await thread(id))[0]!.anchor!;
      expect(carried).toMatchObject({ version: v1, state: "carried", at: { version: v2, ...range(v2Text, emoji) } });
      expect(v2Text.slice(carried.at!.start, carried.at!.end)).toBe(emoji);

      const v3 = await newVersion(id, v2Text.replace("🎃", "🍂"));
      // An anchored comment on the old version, sent after the text moved on, is refused and so refreshes the post.
      const late = await comment(id, { body: "Поздно", version: v2, anchor: { version: v2, ...range(v2Text, "Новинка") } });
      expect(late.status).toBe(409);
      const refused = await errorOf(late);
      expect(refused.code).toBe("version_changed");
      expect(refused.message).toMatch(new RegExp(`версия ${v3}`));
      const items = await thread(id);
      expect(items.map((c) => c.body)).not.toContain("Поздно");
      expect(items[0]!.anchor).toMatchObject({ version: v1, quote: emoji, state: "outdated", at: null });
    });

    it("refuses an anchor outside the text of its version, splitting an emoji, not the version shown or malformed (400 naming the field)", async () => {
      const { id, version } = await postWith(V1);
      const emojiAt = V1.indexOf("🎃");
      const cases: [unknown, string][] = [
        [{ version, start: 0, end: V1.length + 1 }, "anchor.end"],
        [{ version, start: V1.length, end: V1.length + 2 }, "anchor.start"],
        [{ version, start: emojiAt + 1, end: emojiAt + 5 }, "anchor.start"],
        [{ version, start: 0, end: emojiAt + 1 }, "anchor.end"],
        [{ version, start: 5, end: 5 }, "anchor.end"],
        [{ version, start: -1, end: 3 }, "anchor.start"],
        [{ version, start: "0", end: 3 }, "anchor.start"],
        [{ start: 0, end: 3 }, "anchor.version"],
        [{ version: version + 5, start: 0, end: 3 }, "anchor.version"],
      ];
      for (const [anchor, field] of cases) {
        const res = await comment(id, { body: "Сюда", anchor });
        expect(res.status, JSON.stringify(anchor)).toBe(400);
        const error = await errorOf(res);
        expect(error.code).toBe("validation_error");
        expect(error.message, JSON.stringify(anchor)).toContain(field);
      }
      // The page showed version N but the anchor names another one.
      const other = await comment(id, { body: "Сюда", version, anchor: { version: 1, start: 0, end: 3 } });
      expect(other.status).toBe(400);
      expect((await errorOf(other)).message).toContain("anchor.version");
      // Only blanks selected.
      const blank = await comment(id, { body: "Сюда", version, anchor: { version, start: V1.indexOf(" "), end: V1.indexOf(" ") + 1 } });
      expect(blank.status).toBe(400);
      // Nothing of these was stored.
      expect(await thread(id)).toEqual([]);
      // An older version of the post, not active any more: 409.
      const stale = await comment(id, { body: "Сюда", anchor: { version: 1, start: 0, end: 3 } });
      expect(stale.status).toBe(409);
    });
  });
}
