import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, call, cookieFor, errorOf, startHarness, type CallOptions, type Harness } from "@/app/api/_tests/harness";
import { PUT as putPolicy } from "@/app/api/campaigns/[id]/policy/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { POST as review } from "@/app/api/posts/[id]/review/route";
import { GET as verdicts } from "@/app/api/posts/[id]/verdicts/route";
import type { Role } from "@/lib/auth/roles";
import type { Post } from "@/lib/schemas";
import type { PostVerdicts } from "@/lib/schemas/collab";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { addPerson, endSessionsByAdmin, removePerson, setRole } from "@/test/support/people";
import { withinEveryLimit } from "@/test/support/within-limits";

/*
 * Run on SQLite with the users file (lib/server/collab/signoff-standing.integration.test.ts) and on
 * Postgres with the users table (signoff-standing.postgres.test.ts).
 *
 * A sign-off counts only while its author still stands: people are password
 * users of the users file, changed there after their "ok" (removed, given
 * another role) or signed out everywhere by an admin. Through the real routes,
 * against the simulator over HTTP and a real SQLite file.
 */
export function describeSignoffStanding(target: { name: string; freshDatabase?: () => Promise<string> }): void {
  let h: Harness;
  let campaign: number;
  const waiting: number[] = [];
  const take = () => {
    const id = waiting.shift();
    if (id === undefined) throw new Error("out of waiting posts");
    return id;
  };

  async function upstream(id: number): Promise<{ status: string; versions: { version_number: number; is_active: boolean }[] }> {
    const res = await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } });
    return (await res.json()) as never;
  }
  const activeOf = async (id: number) => (await upstream(id)).versions.find((v) => v.is_active)!.version_number;

  /** A password user of the users file, signed in. */
  async function person(email: string, role: Role, name: string): Promise<{ cookie: string }> {
    await addPerson(email, role, name);
    return { cookie: await cookieFor(role, email, { provider: "credentials" }) };
  }

  // The harness types GET, POST and DELETE; the policy route is a PUT.
  const policy = (body: unknown) => call(putPolicy, `/api/campaigns/${campaign}/policy`, { method: "PUT", role: "admin", params: { id: String(campaign) }, body } as unknown as CallOptions);
  const ok = async (id: number, who: { cookie: string }) =>
    call(review, `/api/posts/${id}/review`, { method: "POST", headers: who, params: { id: String(id) }, body: { verdict: "ok", version: await activeOf(id) } });
  const approveAs = async (id: number, who: { cookie: string }) =>
    call(approve, `/api/posts/${id}/approve`, { method: "POST", headers: who, params: { id: String(id) }, body: { version: await activeOf(id) } });
  async function read(id: number): Promise<PostVerdicts> {
    resetServiceForTests({ fromEnv: true });
    const res = await call(verdicts, `/api/posts/${id}/verdicts`, { role: "editor", params: { id: String(id) } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: PostVerdicts }).data;
  }

  /** The "ok" no longer counts: the page says why, the step is open again, and an approve is refused with nothing sent. */
  async function expectNotCounted(id: number, email: string, why: string, approver: { cookie: string }) {
    const v = await read(id);
    expect(v.signed_off).toBe(false);
    expect(v.current.find((c) => c.reviewer_email === email)).toMatchObject({ verdict: "ok", not_counted: why });
    expect(v.route[0]).toMatchObject({ passed: false, by: [] });
    const res = await approveAs(id, approver);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("signoff_required");
    expect((await upstream(id)).status).toBe("WAITING_APPROVAL");
  }

  let editor: { cookie: string };

  beforeAll(async () => {
    // The users file is named before the environment is first read (env() keeps what it read).
    const users = path.join(mkdtempSync(path.join(tmpdir(), "signoff-standing-")), "users.json");
    h = await startHarness({ AUTH_USERS_FILE: users, ...(target.freshDatabase ? { DATABASE_URL: await target.freshDatabase() } : {}), BUDGET_READS_PER_MINUTE: "600", BUDGET_WRITES_PER_MINUTE: "300", BUDGET_REQUESTS_PER_HOUR: "10000" });
    resetServiceForTests({ fromEnv: true });
    const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/?status=ACTIVE`, { headers: { Authorization: "Bearer demo-key" } });
    const { campaigns } = (await res.json()) as { campaigns: { id: number }[] };
    campaign = campaigns[0]!.id;
    const { created } = (await (await admin(h.simUrl, `campaigns/${campaign}/generate`, { count: 20 })).json()) as { created: number[] };
    for (const id of created) {
      const p = await upstream(id);
      if (p.status === "WAITING_APPROVAL" && withinEveryLimit(p as unknown as Post)) waiting.push(id);
    }
    expect(waiting.length).toBeGreaterThanOrEqual(5);
    editor = await person("ed@example.com", "editor", "Эд");
    expect((await policy({ signoff: [{ who: { role: "reviewer" }, need: "any" }] })).status).toBe(200);
  });
  afterAll(async () => {
    await h?.close();
  });

  describe(`${target.name}: a sign-off of someone who no longer stands does not count`, () => {
    it("counts while its author stands: the editor approves", async () => {
      const id = take();
      expect((await ok(id, await person("kept@example.com", "reviewer", "Кира"))).status).toBe(201);
      const v = await read(id);
      expect(v.signed_off).toBe(true);
      expect(v.current[0]?.not_counted ?? null).toBeNull();
      expect((await approveAs(id, editor)).status).toBe(200);
    });

    it("from a person removed from the users store", async () => {
      const id = take();
      expect((await ok(id, await person("rita@example.com", "reviewer", "Рита"))).status).toBe(201);
      await removePerson("rita@example.com");
      await expectNotCounted(id, "rita@example.com", "removed", editor);
    });

    it("from a person whose role changed since (reviewer, now editor)", async () => {
      const id = take();
      expect((await ok(id, await person("rex@example.com", "reviewer", "Рекс"))).status).toBe(201);
      await setRole("rex@example.com", "editor");
      await expectNotCounted(id, "rex@example.com", "role_changed", editor);
    });

    it("from a person an admin signed out everywhere after their 'ok'", async () => {
      const id = take();
      expect((await ok(id, await person("rae@example.com", "reviewer", "Рая"))).status).toBe(201);
      await new Promise((r) => setTimeout(r, 5));
      await endSessionsByAdmin("rae@example.com");
      await expectNotCounted(id, "rae@example.com", "revoked", editor);
    });

    it("from a person taken out of the step's group since", async () => {
      const id = take();
      const gus = await person("gus@example.com", "reviewer", "Гус");
      await person("gil@example.com", "reviewer", "Гиль");
      expect((await policy({ signoff: [{ who: { group: "Юристы", members: ["gus@example.com", "gil@example.com"] }, need: "any" }] })).status).toBe(200);
      try {
        expect((await ok(id, gus)).status).toBe(201);
        expect((await read(id)).signed_off).toBe(true);
        expect((await policy({ signoff: [{ who: { group: "Юристы", members: ["gil@example.com"] }, need: "any" }] })).status).toBe(200);
        await expectNotCounted(id, "gus@example.com", "not_named", editor);
      } finally {
        expect((await policy({ signoff: [{ who: { role: "reviewer" }, need: "any" }] })).status).toBe(200);
      }
    });
  });
}
