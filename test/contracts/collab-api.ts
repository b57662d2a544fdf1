import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATCH as editComment, DELETE as deleteComment } from "@/app/api/posts/[id]/comments/[commentId]/route";
import { GET as listComments, POST as addComment } from "@/app/api/posts/[id]/comments/route";
import { POST as review } from "@/app/api/posts/[id]/review/route";
import { GET as verdicts } from "@/app/api/posts/[id]/verdicts/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/posts/[id]/reject/route";
import { GET as getPolicy, PUT as putPolicy } from "@/app/api/campaigns/[id]/policy/route";
import { DELETE as leavePresence, GET as presence, POST as heartbeat } from "@/app/api/presence/route";
import { GET as users } from "@/app/api/users/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { GET as inbox } from "@/app/api/inbox/route";
import { GET as rows } from "@/app/api/presence/rows/route";
import { GET as auditEvents } from "@/app/api/audit/events/route";
import type { Role } from "@/lib/auth/roles";
import type { CommentView, PostVerdicts, PresenceView } from "@/lib/schemas/collab";
import { db } from "@/lib/server/db";
import { setNotifySink, type NotifyEvent } from "@/lib/server/notify";
import { runBulkJob } from "@/app/api/_tests/bulk-job";
import { admin, call, cookieFor, errorOf, ROLES, startHarness, type CallOptions, type Harness } from "@/app/api/_tests/harness";
import type { JobRunner } from "@/lib/server/jobs";
import { startTestJobs } from "@/test/support/jobs";

/*
 * Comments, verdicts, approval policies and presence through their routes,
 * against the real simulator (posts and versions) and a real database: run by
 * collab.api.sqlite.test.ts (a SQLite file) and collab.api.postgres.test.ts
 * (a Postgres server started for it), every rule with every role.
 */

export type CollabDatabase = { label: string; start: () => Promise<string | undefined>; stop: () => Promise<void> };

export function describeCollabApi(database: CollabDatabase): void {
  describe(database.label, () => {

    let h: Harness;

    let jobs: JobRunner | undefined;
    let oneStep: number;
    let twoStep: number;
    const waiting: Record<number, number[]> = {};
    const take = (campaign: number) => {
      const id = waiting[campaign]?.shift();
      if (id === undefined) throw new Error("out of waiting posts");
      return id;
    };
    const notified: NotifyEvent[] = [];

    type Method = "GET" | "POST" | "DELETE" | "PATCH" | "PUT";
    /** call() with PATCH/PUT too (the harness's type lists the methods it had). */
    const send = (handler: Parameters<typeof call>[0], url: string, o: Omit<CallOptions, "method"> & { method?: Method }) =>
      call(handler, url, o as CallOptions);

    async function upstreamPost(id: number): Promise<{ status: string; campaign_id: number; versions: { version_number: number; is_active: boolean }[] }> {
      const res = await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } });
      return (await res.json()) as never;
    }
    const activeOf = async (id: number) => (await upstreamPost(id)).versions.find((v) => v.is_active)!.version_number;

    async function newVersion(id: number): Promise<number> {
      const res = await admin(h.simUrl, `posts/${id}/versions`, { text_content: "Новый текст после правки в сервисе." });
      return ((await res.json()) as { versions: { version_number: number; is_active: boolean }[] }).versions.find((v) => v.is_active)!.version_number;
    }

    const comment = (id: number, role: Role, body: unknown) =>
      call(addComment, `/api/posts/${id}/comments`, { method: "POST", role, params: { id: String(id) }, body });
    const verdict = (id: number, role: Role, body: unknown, headers?: Record<string, string>) =>
      call(review, `/api/posts/${id}/review`, { method: "POST", role: headers ? undefined : role, headers, params: { id: String(id) }, body });
    const approveAs = (id: number, version: number, headers: { role?: Role; cookie?: string } = { role: "editor" }) =>
      call(approve, `/api/posts/${id}/approve`, {
        method: "POST",
        role: headers.role,
        headers: headers.cookie ? { cookie: headers.cookie } : undefined,
        params: { id: String(id) },
        // Some campaigns' posts run past Telegram's caption limit: confirmed, as the page does after
        // asking (the limit's own refusal: lib/server/checks/limits-gate.integration.test.ts).
        body: { version, confirmed: true },
      });
    const setSteps = (campaign: number, steps: unknown, role: Role = "admin") =>
      send(putPolicy, `/api/campaigns/${campaign}/policy`, { method: "PUT", role, params: { id: String(campaign) }, body: { steps } });

    async function auditKinds(taskId: number): Promise<{ kind: string; actor_email: string; detail_json: Record<string, unknown> | null }[]> {
      const res = await call(auditEvents, `/api/audit/events?task_id=${taskId}&limit=200`, { role: "admin" });
      expect(res.status).toBe(200);
      return ((await res.json()) as { items: { kind: string; actor_email: string; detail_json: Record<string, unknown> | null }[] }).items;
    }

    beforeAll(async () => {
      // Undefined: the harness's own SQLite file (an explicit undefined would unset it).
      const url = await database.start();
      h = await startHarness({ DEMO: "1", ...(url ? { DATABASE_URL: url } : {}) });
      // Bulk writes 50 ms apart, not 3 s: no write limit to guard here (pacing: lib/server/bulk/runner.test.ts).
      jobs = await startTestJobs({ bulkIntervalMs: 50 });
      setNotifySink((e) => void notified.push(e));
      const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/?status=ACTIVE`, { headers: { Authorization: "Bearer demo-key" } });
      const { campaigns } = (await res.json()) as { campaigns: { id: number }[] };
      // Campaigns differ in how many posts they may still take: the two that give the most waiting posts.
      for (const { id: c } of campaigns) {
        const { created } = (await (await admin(h.simUrl, `campaigns/${c}/generate`, { count: 40 })).json()) as { created: number[] };
        waiting[c] = [];
        for (const id of created) if ((await upstreamPost(id)).status === "WAITING_APPROVAL") waiting[c]!.push(id);
      }
      [oneStep, twoStep] = campaigns.map((c) => c.id).sort((a, b) => waiting[b]!.length - waiting[a]!.length) as [number, number];
      expect(waiting[twoStep]!.length).toBeGreaterThanOrEqual(12);
    });

    afterAll(async () => {
      setNotifySink(undefined);
      await jobs?.stop();
      await h?.close();
      await database.stop();
    });

    describe("comments", () => {
      it("every role writes and reads a post's thread; each comment keeps the version it was written on", async () => {
        const id = take(oneStep);
        const v1 = await activeOf(id);
        for (const role of ROLES) expect((await comment(id, role, { body: `  Замечание от ${role}  ` })).status).toBe(201);
        const v2 = await newVersion(id);
        const late = (await (await comment(id, "reviewer", { body: "После правки", version: v2 })).json()) as { data: CommentView };
        expect(late.data.version).toBe(v2);

        for (const role of ROLES) {
          const res = await call(listComments, `/api/posts/${id}/comments`, { role, params: { id: String(id) } });
          expect(res.status).toBe(200);
          const { items } = (await res.json()) as { items: CommentView[] };
          expect(items.map((c) => c.body)).toEqual([...ROLES.map((r) => `Замечание от ${r}`), "После правки"]);
          expect(items.map((c) => c.version)).toEqual([v1, v1, v1, v1, v2]);
          expect(items[0]).toMatchObject({ author_email: "editor@example.com", author_role: "editor", share_link_id: null, edited_at: null });
        }
        const kinds = (await auditKinds(id)).filter((e) => e.kind === "comment.created");
        expect(kinds).toHaveLength(5);
      });

      it("refuses an empty or too long body (400), a signed-out person (401), another site (403) and an unknown post (404)", async () => {
        const id = take(oneStep);
        for (const body of [{ body: "   " }, { body: "x".repeat(2001) }, {}, { body: 5 }, { body: "ok", version: 0 }]) {
          const res = await comment(id, "editor", body);
          expect(res.status).toBe(400);
          expect((await errorOf(res)).code).toBe("validation_error");
        }
        expect((await comment(id, "editor", { body: "x".repeat(2000) })).status).toBe(201);
        const anonymous = await call(addComment, `/api/posts/${id}/comments`, { method: "POST", params: { id: String(id) }, body: { body: "hi" } });
        expect(anonymous.status).toBe(401);
        expect((await call(listComments, `/api/posts/${id}/comments`, { params: { id: String(id) } })).status).toBe(401);
        const foreign = await call(addComment, `/api/posts/${id}/comments`, { method: "POST", role: "editor", params: { id: String(id) }, headers: { origin: "https://evil.example" }, body: { body: "hi" } });
        expect(foreign.status).toBe(403);
        const unknown = await comment(999999, "editor", { body: "hi" });
        expect(unknown.status).toBe(404);
        expect((await errorOf(unknown)).code).toBeTruthy();
      });

      it("the author edits and deletes their own comment within 15 minutes; nobody else may, not even an admin; later it is 409", async () => {
        const id = take(oneStep);
        for (const role of ROLES) {
          const { data } = (await (await comment(id, role, { body: "Первый вариант" })).json()) as { data: CommentView };
          const url = `/api/posts/${id}/comments/${data.id}`;
          const params = { id: String(id), commentId: String(data.id) };
          const other: Role = role === "admin" ? "editor" : "admin";
          const theirs = await send(editComment, url, { method: "PATCH", role: other, params, body: { body: "чужая правка" } });
          expect(theirs.status).toBe(403);
          expect((await send(deleteComment, url, { method: "DELETE", role: other, params })).status).toBe(403);
          expect((await send(editComment, url, { method: "PATCH", role, params, body: { body: "" } })).status).toBe(400);

          const edited = await send(editComment, url, { method: "PATCH", role, params, body: { body: "Исправленный вариант" } });
          expect(edited.status).toBe(200);
          expect(((await edited.json()) as { data: CommentView }).data).toMatchObject({ body: "Исправленный вариант", edited_at: expect.any(String) });
          expect((await send(deleteComment, url, { method: "DELETE", role, params })).status).toBe(200);
          expect((await send(deleteComment, url, { method: "DELETE", role, params })).status).toBe(404);
        }
        const { data } = (await (await comment(id, "reviewer", { body: "Старый" })).json()) as { data: CommentView };
        await db().updateTable("comments").set({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() }).where("id", "=", data.id).execute();
        const params = { id: String(id), commentId: String(data.id) };
        const late = await send(editComment, `/api/posts/${id}/comments/${data.id}`, { method: "PATCH", role: "reviewer", params, body: { body: "Поздно" } });
        expect(late.status).toBe(409);
        expect((await errorOf(late)).message).toMatch(/15 минут/);
        expect((await send(deleteComment, `/api/posts/${id}/comments/${data.id}`, { method: "DELETE", role: "reviewer", params })).status).toBe(409);

        const kinds = (await auditKinds(id)).map((e) => e.kind);
        expect(kinds.filter((k) => k === "comment.edited")).toHaveLength(4);
        expect(kinds.filter((k) => k === "comment.deleted")).toHaveLength(4);
      });

      it("an @mention of a dashboard user notifies them; unknown addresses and the author are not notified", async () => {
        const id = take(oneStep);
        notified.length = 0;
        const res = await comment(id, "editor", { body: "@reviewer@example.com посмотрите, и @nobody@example.com, и @editor@example.com." });
        const { data } = (await res.json()) as { data: CommentView };
        await expect.poll(() => notified.filter((e) => e.kind === "mention").length).toBe(1);
        expect(notified.find((e) => e.kind === "mention")).toMatchObject({ to: ["reviewer@example.com"], task_id: id, comment_id: data.id, by: { email: "editor@example.com" } });
      });
    });

    describe("mention suggestions", () => {
      it("signed-in people get names, emails and roles of dashboard users (no hashes); signed-out 401", async () => {
        for (const role of ROLES) {
          const res = await call(users, "/api/users?q=бор", { role });
          expect(res.status).toBe(200);
          const { items } = (await res.json()) as { items: Record<string, unknown>[] };
          expect(items).toEqual([{ email: "reviewer@example.com", name: "Борис Соколов", role: "reviewer" }]);
        }
        const all = (await (await call(users, "/api/users", { role: "editor" })).json()) as { items: { email: string }[] };
        expect(all.items.map((u) => u.email)).toEqual(expect.arrayContaining(["editor@example.com", "reviewer@example.com", "manager@example.com", "admin@example.com"]));
        expect(JSON.stringify(all)).not.toMatch(/\$2[aby]\$/);
        expect((await call(users, "/api/users")).status).toBe(401);
        expect((await call(users, "/api/users?limit=500", { role: "editor" })).status).toBe(400);
      });
    });

    describe("verdicts", () => {
      it("reviewers, editors and admins give a verdict on the active version; a manager may not", async () => {
        const id = take(oneStep);
        const v = await activeOf(id);
        for (const role of ["reviewer", "editor", "admin"] as const) {
          const res = await verdict(id, role, { verdict: "ok", version: v });
          expect(res.status).toBe(201);
        }
        const manager = await verdict(id, "manager", { verdict: "ok", version: v });
        expect(manager.status).toBe(403);
        expect((await errorOf(manager)).code).toBe("forbidden");
        for (const role of ROLES) {
          const res = await call(verdicts, `/api/posts/${id}/verdicts`, { role, params: { id: String(id) } });
          const { data } = (await res.json()) as { data: PostVerdicts };
          expect(data).toMatchObject({ active_version: v, steps: 1, signed_off: true });
          expect(data.current.map((x) => x.reviewer_email).sort()).toEqual(["admin@example.com", "editor@example.com", "reviewer@example.com"]);
        }
        const given = (await auditKinds(id)).filter((e) => e.kind === "verdict.given");
        expect(given).toHaveLength(3);
        expect(given[0]!.detail_json).toMatchObject({ verdict: "ok", version: v });
      });

      it("'changes' needs a note; a wrong version is 409 version_changed; a bad verdict 400", async () => {
        const id = take(oneStep);
        const v = await activeOf(id);
        for (const body of [{ verdict: "changes", version: v }, { verdict: "changes", version: v, note: "  " }, { verdict: "maybe", version: v }, { verdict: "ok" }]) {
          const res = await verdict(id, "reviewer", body);
          expect(res.status).toBe(400);
          expect((await errorOf(res)).code).toBe("validation_error");
        }
        const stale = await verdict(id, "reviewer", { verdict: "ok", version: v + 5 });
        expect(stale.status).toBe(409);
        expect((await errorOf(stale)).code).toBe("version_changed");
        notified.length = 0;
        expect((await verdict(id, "reviewer", { verdict: "changes", version: v, note: "Уберите второй абзац" })).status).toBe(201);
        await expect.poll(() => notified.filter((e) => e.kind === "changes_requested").length).toBe(1);
        expect(notified.find((e) => e.kind === "changes_requested")).toMatchObject({ task_id: id, version: v, note: "Уберите второй абзац", by: { email: "reviewer@example.com" } });
        const { data } = (await (await call(verdicts, `/api/posts/${id}/verdicts`, { role: "editor", params: { id: String(id) } })).json()) as { data: PostVerdicts };
        expect(data.signed_off).toBe(false);
        expect(data.current[0]).toMatchObject({ verdict: "changes", note: "Уберите второй абзац", reviewer_name: "Тест reviewer" });
      });

      it("a new version voids the earlier verdicts", async () => {
        const id = take(oneStep);
        const v1 = await activeOf(id);
        await verdict(id, "reviewer", { verdict: "ok", version: v1 });
        const v2 = await newVersion(id);
        // The dashboard's copy of the post learns of the edit the way a page would (a fresh read).
        await verdict(id, "reviewer", { verdict: "ok", version: v1 }).then((r) => expect(r.status).toBe(409));
        const { data } = (await (await call(verdicts, `/api/posts/${id}/verdicts`, { role: "editor", params: { id: String(id) } })).json()) as { data: PostVerdicts };
        expect(data).toMatchObject({ active_version: v2, signed_off: false, current: [] });
        expect(data.earlier.map((x) => x.version)).toEqual([v1]);
      });
    });

    describe("approval policies", () => {
      it("every role reads a campaign's policy (1 step by default); only an admin sets it; steps must be 1 or 2", async () => {
        for (const role of ROLES) {
          const res = await call(getPolicy, `/api/campaigns/${oneStep}/policy`, { role, params: { id: String(oneStep) } });
          expect(res.status).toBe(200);
          expect(((await res.json()) as { data: { steps: number } }).data.steps).toBe(1);
        }
        for (const role of ["editor", "reviewer", "manager"] as const) expect((await setSteps(twoStep, 2, role)).status).toBe(403);
        for (const steps of [3, 0, "2", null]) expect((await setSteps(twoStep, steps)).status).toBe(400);
        expect((await setSteps(999999, 2)).status).toBe(404);
        const res = await setSteps(twoStep, 2);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { data: { steps: number; set_by: string } }).data).toMatchObject({ steps: 2, set_by: "admin@example.com" });
        const audited = await call(auditEvents, `/api/audit/events?campaign_id=${twoStep}&group=policy`, { role: "admin" });
        const items = ((await audited.json()) as { items: { kind: string; detail_json: Record<string, unknown> }[] }).items;
        expect(items[0]).toMatchObject({ kind: "policy.set", detail_json: { steps: 2, previous_steps: 1 } });
      });

      it("two steps: an approve without a reviewer's ok is 409 signoff_required (Russian), audited, nothing sent; after the ok it goes through", async () => {
        await setSteps(twoStep, 2);
        const id = take(twoStep);
        const v = await activeOf(id);
        for (const role of ["editor", "admin"] as const) {
          const res = await approveAs(id, v, { role });
          expect(res.status).toBe(409);
          const error = await errorOf(res);
          expect(error.code).toBe("signoff_required");
          expect(error.message).toMatch(/рецензент/);
        }
        expect((await upstreamPost(id)).status).toBe("WAITING_APPROVAL");
        // A reject needs no sign-off.
        const other = take(twoStep);
        const rej = await call(reject, `/api/posts/${other}/reject`, { method: "POST", role: "editor", params: { id: String(other) }, body: { reason: "Не подходит", version: await activeOf(other) } });
        expect(rej.status).toBe(200);

        expect((await verdict(id, "reviewer", { verdict: "ok", version: v })).status).toBe(201);
        const ok = await approveAs(id, v);
        expect(ok.status).toBe(200);
        expect((await upstreamPost(id)).status).not.toBe("WAITING_APPROVAL");
      });

      it("two steps: the approver's own ok does not count, 'changes' blocks, and a new version needs a new ok", async () => {
        await setSteps(twoStep, 2);
        const id = take(twoStep);
        const v1 = await activeOf(id);
        expect((await verdict(id, "editor", { verdict: "ok", version: v1 })).status).toBe(201);
        expect((await errorOf(await approveAs(id, v1))).code).toBe("signoff_required");

        expect((await verdict(id, "reviewer", { verdict: "changes", version: v1, note: "Проверьте цифры" })).status).toBe(201);
        expect((await errorOf(await approveAs(id, v1, { role: "admin" }))).code).toBe("signoff_required");

        expect((await verdict(id, "reviewer", { verdict: "ok", version: v1 })).status).toBe(201);
        const v2 = await newVersion(id);
        expect((await errorOf(await approveAs(id, v2))).code).toBe("signoff_required");
        expect((await verdict(id, "reviewer", { verdict: "ok", version: v2 })).status).toBe(201);
        // Another editor (not the one whose own ok was there) approves.
        const second = await cookieFor("editor", "second-editor@example.com");
        expect((await approveAs(id, v2, { cookie: second })).status).toBe(200);
      });

      it("two steps in bulk: an item without sign-off fails with signoff_required, a signed-off one is approved", async () => {
        await setSteps(twoStep, 2);
        const [without, signed] = [take(twoStep), take(twoStep)];
        // The signed one given a short text: a bulk job leaves a text over a platform's limit for a person.
        const [vw, vs] = [await activeOf(without), await newVersion(signed)];
        await verdict(signed, "reviewer", { verdict: "ok", version: vs });
        const detail = await runBulkJob({ action: "approve", campaign_id: twoStep, task_ids: [without, signed], versions: [vw, vs] });
        expect(detail.items.find((x) => x.task_id === without)).toMatchObject({ status: "failed", error_code: "signoff_required" });
        expect(detail.items.find((x) => x.task_id === signed)).toMatchObject({ status: "ok" });
      });

      it("one step again: an approve needs no verdict", async () => {
        expect((await setSteps(twoStep, 1)).status).toBe(200);
        const id = take(twoStep);
        expect((await approveAs(id, await activeOf(id))).status).toBe(200);
      });
    });

    describe("presence", () => {
      it("a heartbeat shows the person to everyone else on the post and on the campaign's rows; a goodbye removes them", async () => {
        const id = take(oneStep);
        for (const role of ROLES) {
          const res = await call(heartbeat, "/api/presence", { method: "POST", role, body: { task_id: id, campaign_id: oneStep } });
          expect(res.status).toBe(200);
        }
        const seen = async (role: Role, q: string) => ((await (await call(presence, `/api/presence?${q}`, { role })).json()) as { data: PresenceView }).data.viewers;
        const forEditor = await seen("editor", `task_id=${id}`);
        expect(forEditor[String(id)]!.map((v) => v.email).sort()).toEqual(["admin@example.com", "manager@example.com", "reviewer@example.com"]);
        expect((await seen("reviewer", `campaign_id=${oneStep}`))[String(id)]!.map((v) => v.email)).toContain("editor@example.com");

        expect((await call(leavePresence, `/api/presence?task_id=${id}`, { method: "DELETE", role: "manager" })).status).toBe(200);
        expect((await seen("editor", `task_ids=${id},1`))[String(id)]!.map((v) => v.email).sort()).toEqual(["admin@example.com", "reviewer@example.com"]);

        expect((await call(presence, "/api/presence", { role: "editor" })).status).toBe(400);
        expect((await call(presence, "/api/presence?task_ids=a,b", { role: "editor" })).status).toBe(400);
        expect((await call(heartbeat, "/api/presence", { method: "POST", role: "editor", body: { task_id: "x" } })).status).toBe(400);
        expect((await call(heartbeat, "/api/presence", { method: "POST", body: { task_id: id } })).status).toBe(401);
      });
    });

    describe("lists: verdict summaries and the verdict filter", () => {
      it("rows carry verdict states; the queue and the inbox filter 'signed off' and 'changes requested' from the database", async () => {
        const [ok, changes, none] = [take(oneStep), take(oneStep), take(oneStep)];
        await verdict(ok, "reviewer", { verdict: "ok", version: await activeOf(ok) });
        await verdict(changes, "reviewer", { verdict: "changes", version: await activeOf(changes), note: "Переписать вступление" });

        const facts = (await (await call(rows, `/api/presence/rows?task_ids=${ok},${changes},${none}`, { role: "manager" })).json()) as {
          data: { verdicts: Record<string, { state: string; by: string[] }> };
        };
        expect(facts.data.verdicts[String(ok)]).toMatchObject({ state: "signed_off", by: ["Тест reviewer"] });
        expect(facts.data.verdicts[String(changes)]).toMatchObject({ state: "changes" });
        expect(facts.data.verdicts[String(none)]).toBeUndefined();
        expect((await call(rows, "/api/presence/rows?task_ids=x", { role: "manager" })).status).toBe(400);

        type Page = { data: { posts: { task_id: number }[]; total: number } };
        const list = async (v: string) =>
          (await (await call(campaignPosts, `/api/campaigns/${oneStep}/posts?status=WAITING_APPROVAL&limit=100&verdict=${v}`, { role: "editor", params: { id: String(oneStep) } })).json()) as Page;
        const signed = await list("signed_off");
        expect(signed.data.posts.map((p) => p.task_id)).toContain(ok);
        expect(signed.data.posts.map((p) => p.task_id)).not.toContain(changes);
        expect(signed.data.total).toBe(signed.data.posts.length);
        const asked = await list("changes");
        expect(asked.data.posts.map((p) => p.task_id)).toContain(changes);
        expect(asked.data.posts.map((p) => p.task_id)).not.toContain(none);
        const bad = await call(campaignPosts, `/api/campaigns/${oneStep}/posts?verdict=maybe`, { role: "editor", params: { id: String(oneStep) } });
        expect(bad.status).toBe(400);

        const inboxed = (await (await call(inbox, `/api/inbox?limit=100&verdict=changes`, { role: "editor" })).json()) as Page;
        expect(inboxed.data.posts.map((p) => p.task_id)).toContain(changes);
        expect(inboxed.data.posts.map((p) => p.task_id)).not.toContain(ok);
      });
    });
  });
}
