import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as inbox } from "@/app/api/inbox/route";
import { POST as review } from "@/app/api/posts/[id]/review/route";
import { call, cookieFor, errorOf, fillMirrors, startHarness, type Harness } from "@/app/api/_tests/harness";
import { resetEnvForTests } from "@/lib/env";
import { Inbox } from "@/lib/schemas";
import { db } from "@/lib/server/db";

/*
 * The inbox's "needs my verdict" (`?verdict=mine`, a reviewer's landing) against the real simulator
 * and database: a post leaves a person's list once they have judged its latest round, stays in
 * everyone else's, and comes back when a newer version has been judged by someone else.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await fillMirrors();
});
afterAll(async () => {
  await h.close();
  resetEnvForTests();
});

async function list(query: string, headers: Record<string, string> = {}, role: "reviewer" | "editor" = "reviewer") {
  const res = await call(inbox, `/api/inbox?limit=100${query}`, headers.cookie ? { headers } : { role, headers });
  expect(res.status).toBe(200);
  return Inbox.parse(((await res.json()) as { data: unknown }).data);
}

async function activeVersion(taskId: number): Promise<number> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/posts/${taskId}/`, { headers: { Authorization: "Bearer demo-key" } });
  const post = (await res.json()) as { versions: { version_number: number; is_active: boolean }[] };
  return post.versions.find((v) => v.is_active)?.version_number ?? 0;
}

describe("the inbox's posts needing my verdict", () => {
  it("leaves out what I judged, keeps it for others, and brings it back after a newer round", async () => {
    const all = await list("");
    expect(all.total).toBeGreaterThan(1);
    const mine = await list("&verdict=mine");
    expect(mine.total).toBe(all.total);

    const [first, second] = all.posts;
    if (!first || !second) throw new Error("two waiting posts expected");
    const version = await activeVersion(first.task_id);
    const given = await call(review, `/api/posts/${first.task_id}/review`, { role: "reviewer", method: "POST", params: { id: String(first.task_id) }, body: { version, verdict: "ok" } });
    expect(given.status).toBe(201);

    const after = await list("&verdict=mine");
    expect(after.total).toBe(all.total - 1);
    expect(after.posts.map((p) => p.task_id)).not.toContain(first.task_id);
    expect(after.posts.map((p) => p.task_id)).toContain(second.task_id);
    // Another reviewer (another email, same role) still has it to judge; the plain list still shows it.
    const other = await list("&verdict=mine", { cookie: await cookieFor("reviewer", "rita@example.com") });
    expect(other.posts.map((p) => p.task_id)).toContain(first.task_id);
    expect((await list("")).total).toBe(all.total);

    // Someone judged a newer version: my verdict on the older one no longer counts.
    await db()
      .insertInto("verdicts")
      .values({ task_id: first.task_id, campaign_id: first.campaign_id, version: version + 1, verdict: "ok", note: null, reviewer_email: "rita@example.com", reviewer_name: "Рита", reviewer_role: "reviewer", at: new Date().toISOString() })
      .execute();
    expect((await list("&verdict=mine")).posts.map((p) => p.task_id)).toContain(first.task_id);
  });

  it("refuses a verdict filter it does not know, in the error envelope", async () => {
    const res = await call(inbox, "/api/inbox?verdict=someone", { role: "reviewer" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "validation_error", message: expect.stringContaining("verdict") });
  });
});
