import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, cookieFor, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { GET as campaigns } from "@/app/api/campaigns/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { GET as dashboardPost } from "@/app/api/posts/[id]/route";
import { GET as list, POST as create } from "@/app/api/share-links/route";
import { GET as visit } from "@/app/api/s/[token]/route";
import { POST as visitDecide } from "@/app/api/s/[token]/posts/[id]/decide/route";
import { GET as gonePage } from "@/app/s/[token]/gone/route";
import type { Role } from "@/lib/auth/roles";
import type { Post } from "@/lib/schemas";
import { setShareLimitsForTests } from "@/lib/server/share/rate-limit";
import { addPerson, endSessionsByAdmin, removePerson, setRole } from "@/test/support/people";
import { upstreamStatus } from "@/test/support/simulator-posts";
import { withinEveryLimit } from "@/test/support/within-limits";

/*
 * Run on SQLite with the users file (app/api/share-links/creator-access.test.ts) and on Postgres
 * with the users table (creator-access.postgres.test.ts), each through the route harness.
 *
 * A share link acts in its creator's name: it works only while they may
 * still decide. The creator is a password user of the users file, changed
 * there (demoted, removed) or signed out everywhere by an admin; the
 * visitor's requests go through the real token routes to the simulator.
 */
export function describeShareCreatorAccess(target: { name: string; freshDatabase?: () => Promise<string> }): void {
  let h: Harness;
  let waiting: number[] = [];
  let addr = 0;

  async function waitingPosts(): Promise<number[]> {
    const res = await call(campaigns, "/api/campaigns?status=ACTIVE,FROZEN,DRAFT,COMPLETED", { role: "admin" });
    const all = ((await res.json()) as { data: { campaigns: { id: number }[] } }).data.campaigns;
    const out: number[] = [];
    for (const c of all) {
      const r = await call(campaignPosts, `/api/campaigns/${c.id}/posts?status=WAITING_APPROVAL&limit=100`, { role: "admin", params: { id: String(c.id) } });
      out.push(...((await r.json()) as { data: { posts: Post[] } }).data.posts.filter(withinEveryLimit).map((p) => p.task_id));
      if (out.length >= 8) break;
    }
    return out;
  }

  async function activeVersion(id: number): Promise<number> {
    const res = await call(dashboardPost, `/api/posts/${id}`, { role: "admin", params: { id: String(id) } });
    const detail = ((await res.json()) as { data: { versions: { version_number: number; is_active: boolean }[] } }).data;
    return detail.versions.find((v) => v.is_active)?.version_number ?? 0;
  }

  /** A password user signs in and makes a deciding link to `taskId`. */
  async function linkBy(email: string, role: Role, taskId: number): Promise<{ id: string; token: string }> {
    await addPerson(email, role, email.split("@")[0]);
    const cookie = await cookieFor(role, email, { provider: "credentials" });
    const res = await call(create, "/api/share-links", { method: "POST", headers: { cookie }, body: { task_id: taskId, expires_in_hours: 24, can_decide: true } });
    expect(res.status).toBe(201);
    const { id, url } = (await res.json()) as { id: string; url: string };
    return { id, token: new URL(url).pathname.replace(/^\/s\//, "") };
  }

  const visitor = () => ({ headers: { "x-forwarded-for": `198.51.100.${++addr}` } });
  const approveAs = async (token: string, id: number) =>
    call(visitDecide, `/api/s/${token}/posts/${id}/decide`, { method: "POST", params: { token, id: String(id) }, body: { action: "approve", name: "Ирина", version: await activeVersion(id) }, ...visitor() });

  async function listed(id: string) {
    const res = await call(list, "/api/share-links", { role: "admin" });
    return ((await res.json()) as { items: { id: string; status: string; stopped?: string | null }[] }).items.find((l) => l.id === id);
  }

  async function expectStopped(link: { id: string; token: string }, taskId: number, why: string) {
    const view = await call(visit, `/api/s/${link.token}`, { params: { token: link.token }, ...visitor() });
    expect(view.status).toBe(410);
    expect((await errorOf(view)).code).toBe("link_stopped");
    const decided = await approveAs(link.token, taskId);
    expect(decided.status).toBe(410);
    expect(await upstreamStatus(h.simUrl, taskId)).toBe("WAITING_APPROVAL");
    const gone = await call(gonePage, `/s/${link.token}/gone`, { params: { token: link.token }, ...visitor() });
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('data-share-gone="link_stopped"');
    // The links page says so, and why.
    expect(await listed(link.id)).toMatchObject({ status: "active", stopped: why });
  }

  beforeAll(async () => {
    // The users file is named before the environment is first read (env() keeps what it read).
    const users = path.join(mkdtempSync(path.join(tmpdir(), "share-creator-")), "users.json");
    h = await startHarness({ AUTH_USERS_FILE: users, ...(target.freshDatabase ? { DATABASE_URL: await target.freshDatabase() } : {}) });
    waiting = await waitingPosts();
    expect(waiting.length).toBeGreaterThanOrEqual(5);
  });
  afterAll(async () => {
    setShareLimitsForTests(undefined);
    await h?.close();
  });

  describe(`${target.name}: a share link and its creator's right to decide`, () => {
    it("works while its creator may decide: the visitor approves", async () => {
      const [task] = waiting.splice(0, 1);
      const link = await linkBy("kept@example.com", "editor", task!);
      expect(await listed(link.id)).toMatchObject({ status: "active", stopped: null });
      const res = await approveAs(link.token, task!);
      expect(res.status).toBe(200);
      expect(await upstreamStatus(h.simUrl, task!)).toBe("APPROVED");
    });

    it("stops once its creator is removed from the users store", async () => {
      const [task] = waiting.splice(0, 1);
      const link = await linkBy("gone@example.com", "editor", task!);
      await removePerson("gone@example.com");
      await expectStopped(link, task!, "removed");
    });

    it("stops once its creator is demoted to a role that may not decide", async () => {
      const [task] = waiting.splice(0, 1);
      const link = await linkBy("demo@example.com", "editor", task!);
      await setRole("demo@example.com", "reviewer");
      await expectStopped(link, task!, "demoted");
    });

    it("stops once an admin ended its creator's sessions, even after they sign in again", async () => {
      const [task] = waiting.splice(0, 1);
      const link = await linkBy("rev@example.com", "editor", task!);
      await new Promise((r) => setTimeout(r, 5));
      await endSessionsByAdmin("rev@example.com");
      await cookieFor("editor", "rev@example.com", { provider: "credentials" });
      await expectStopped(link, task!, "revoked");
    });
  });
}
