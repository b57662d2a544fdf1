import { readFileSync } from "node:fs";
import type { Post } from "@/lib/schemas";
import { withinEveryLimit } from "@/test/support/within-limits";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { GET as campaigns } from "@/app/api/campaigns/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { GET as dashboardPost } from "@/app/api/posts/[id]/route";
import { POST as dashboardApprove } from "@/app/api/posts/[id]/approve/route";
import { GET as audit } from "@/app/api/audit/route";
import { DELETE as revoke } from "@/app/api/share-links/[id]/route";
import { GET as list, POST as create } from "@/app/api/share-links/route";
import { GET as visit } from "@/app/api/s/[token]/route";
import { GET as visitPost } from "@/app/api/s/[token]/posts/[id]/route";
import { POST as visitDecide } from "@/app/api/s/[token]/posts/[id]/decide/route";
import { POST as visitComment } from "@/app/api/s/[token]/posts/[id]/comments/route";
import { GET as gonePage } from "@/app/s/[token]/gone/route";
import { createComment } from "@/lib/server/collab/comments";
import { db } from "@/lib/server/db";
import { setShareLimitsForTests } from "@/lib/server/share/rate-limit";

/*
 * Share links through the real routes, against the simulator over HTTP and a
 * real SQLite file: who may make and revoke them, and everything a visitor
 * with a token can and cannot reach.
 */
type PostRow = Pick<Post, "task_id" | "campaign_id" | "status" | "text" | "media">;

let h: Harness;
let waiting: PostRow[] = [];
/** Two waiting posts in one campaign, and one waiting post of another campaign. */
let campaignA: number;
let inA: PostRow[];
let elsewhere: PostRow;
// A different address per test keeps the per-address limit out of tests that are not about it.
let addr = 0;
let ip = "";

async function waitingPosts(): Promise<PostRow[]> {
  const res = await call(campaigns, "/api/campaigns?status=ACTIVE,FROZEN,DRAFT,COMPLETED", { role: "admin" });
  const all = ((await res.json()) as { data: { campaigns: { id: number }[] } }).data.campaigns;
  const out: PostRow[] = [];
  for (const c of all) {
    const r = await call(campaignPosts, `/api/campaigns/${c.id}/posts?status=WAITING_APPROVAL&limit=100`, { role: "admin", params: { id: String(c.id) } });
    // Within every limit: a visitor's approve over one needs a confirmation (test/support/within-limits.ts).
    out.push(...((await r.json()) as { data: { posts: PostRow[] } }).data.posts.filter(withinEveryLimit));
  }
  return out;
}

async function makeLink(body: Record<string, unknown>, role: "editor" | "admin" = "editor"): Promise<{ id: string; url: string; token: string }> {
  const res = await call(create, "/api/share-links", { method: "POST", role, body });
  expect(res.status).toBe(201);
  const json = (await res.json()) as { id: string; url: string };
  const token = new URL(json.url).pathname.replace(/^\/s\//, "");
  return { ...json, token };
}

const visitor = (headers: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": ip, ...headers } });
const get = (token: string) => call(visit, `/api/s/${token}`, { params: { token }, ...visitor() });
const getPost = (token: string, id: number) => call(visitPost, `/api/s/${token}/posts/${id}`, { params: { token, id: String(id) }, ...visitor() });
const decideAs = (token: string, id: number, body: unknown, headers: Record<string, string> = {}) =>
  call(visitDecide, `/api/s/${token}/posts/${id}/decide`, { method: "POST", params: { token, id: String(id) }, body, ...visitor(headers) });
const commentAs = (token: string, id: number, body: unknown) =>
  call(visitComment, `/api/s/${token}/posts/${id}/comments`, { method: "POST", params: { token, id: String(id) }, body, ...visitor() });

async function activeVersion(id: number): Promise<number> {
  const res = await call(dashboardPost, `/api/posts/${id}`, { role: "admin", params: { id: String(id) } });
  const detail = ((await res.json()) as { data: { versions: { version_number: number; is_active: boolean }[] } }).data;
  return detail.versions.find((v) => v.is_active)?.version_number ?? 0;
}

function tamper(token: string): string {
  const last = token.at(-1) === "A" ? "B" : "A";
  return token.slice(0, -1) + last;
}

beforeAll(async () => {
  h = await startHarness();
  waiting = await waitingPosts();
  const byCampaign = new Map<number, PostRow[]>();
  for (const p of waiting) byCampaign.set(p.campaign_id, [...(byCampaign.get(p.campaign_id) ?? []), p]);
  const [a, rows] = [...byCampaign.entries()].find(([, r]) => r.length >= 3) ?? [];
  if (!a || !rows) throw new Error("the simulator has no campaign with three waiting posts");
  campaignA = a;
  inA = rows;
  const other = waiting.find((p) => p.campaign_id !== campaignA);
  if (!other) throw new Error("no waiting post outside the first campaign");
  elsewhere = other;
});

beforeEach(() => {
  ip = `198.51.100.${++addr}`;
  setShareLimitsForTests(undefined);
});

afterAll(async () => {
  setShareLimitsForTests(undefined);
  await h?.close();
});

describe("making, listing and revoking links (dashboard side)", () => {
  it("editor and admin create links; reviewer and manager get 403; signed out 401", async () => {
    const target = inA[0]!.task_id;
    for (const role of ["editor", "admin"] as const) {
      const link = await makeLink({ task_id: target, expires_in_hours: 24, can_decide: true }, role);
      expect(link.id).toMatch(/^[0-9a-f]{16}$/);
      expect(link.url).toMatch(new RegExp(`^http://localhost:3000/s/${link.id}[A-Za-z0-9_-]{43}$`));
    }
    for (const role of ["reviewer", "manager"] as const) {
      const res = await call(create, "/api/share-links", { method: "POST", role, body: { task_id: target, expires_in_hours: 24, can_decide: true } });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("forbidden");
      const listed = await call(list, "/api/share-links", { role });
      expect(listed.status).toBe(403);
    }
    const anon = await call(create, "/api/share-links", { method: "POST", body: { task_id: target, expires_in_hours: 24 } });
    expect(anon.status).toBe(401);
  });

  it("validates: exactly one target, 1–168 hours, a target that exists, same origin", async () => {
    const target = inA[0]!.task_id;
    const bad = [
      { task_id: target, campaign_id: campaignA, expires_in_hours: 24 },
      { expires_in_hours: 24 },
      { task_id: target, expires_in_hours: 0 },
      { task_id: target, expires_in_hours: 169 },
      { task_id: target, expires_in_hours: 1.5 },
      { task_id: target, expires_in_hours: 24, can_decide: "yes" },
    ];
    for (const body of bad) {
      const res = await call(create, "/api/share-links", { method: "POST", role: "editor", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).code).toBe("validation_error");
    }
    const missing = await call(create, "/api/share-links", { method: "POST", role: "editor", body: { task_id: 99_999_999, expires_in_hours: 24 } });
    expect(missing.status).toBe(404);
    const foreign = await call(create, "/api/share-links", { method: "POST", role: "editor", body: { task_id: target, expires_in_hours: 24 }, headers: { origin: "https://evil.example" } });
    expect((await errorOf(foreign)).code).toBe("cross_site");
  });

  it("lists links without their tokens; revoking is editor/admin only, unknown 404, malformed 400", async () => {
    const link = await makeLink({ campaign_id: campaignA, expires_in_hours: 2, can_decide: false });
    const res = await call(list, `/api/share-links?campaign_id=${campaignA}`, { role: "admin" });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(link.token.slice(16));
    const items = (JSON.parse(text) as { items: { id: string; status: string; can_decide: boolean }[] }).items;
    expect(items.find((i) => i.id === link.id)).toMatchObject({ status: "active", can_decide: false });
    for (const role of ["reviewer", "manager"] as const) {
      const r = await call(revoke, `/api/share-links/${link.id}`, { method: "DELETE", role, params: { id: link.id } });
      expect(r.status).toBe(403);
    }
    expect((await call(revoke, "/api/share-links/x", { method: "DELETE", role: "editor", params: { id: "x" } })).status).toBe(400);
    expect((await call(revoke, "/api/share-links/0123456789abcdef", { method: "DELETE", role: "editor", params: { id: "0123456789abcdef" } })).status).toBe(404);
    const ok = await call(revoke, `/api/share-links/${link.id}`, { method: "DELETE", role: "admin", params: { id: link.id } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { link: { status: string; revoked_by: string } }).link).toMatchObject({ status: "revoked", revoked_by: "admin@example.com" });
  });
});

describe("what a token opens (visitor side)", () => {
  it("a post link shows that post only, allow-listed, with no-store, no-referrer and noindex", async () => {
    const target = inA[0]!;
    const link = await makeLink({ task_id: target.task_id, expires_in_hours: 24, can_decide: true });
    const res = await get(link.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const body = (await res.json()) as { data: { scope: string; posts: Record<string, unknown>[] } };
    expect(body.data.scope).toBe("post");
    expect(body.data.posts.map((p) => p.task_id)).toEqual([target.task_id]);
    expect(Object.keys(body.data.posts[0]!).sort()).toEqual(["media", "planned_at", "post_type", "status", "task_id", "text"]);

    const detail = await getPost(link.token, target.task_id);
    expect(detail.status).toBe(200);
    const post = ((await detail.json()) as { data: Record<string, unknown> }).data;
    expect(post.version).toBe(await activeVersion(target.task_id));
    for (const hidden of ["campaign_id", "campaign_name", "versions", "publish_records", "engagement", "created_at", "updated_at"]) expect(post).not.toHaveProperty(hidden);
    expect(JSON.stringify(post)).not.toContain("demo-key");

    // Another post — in the same campaign or not — is not covered.
    for (const other of [inA[1]!, elsewhere]) {
      const r = await getPost(link.token, other.task_id);
      expect(r.status).toBe(404);
      expect(r.headers.get("referrer-policy")).toBe("no-referrer");
      expect((await decideAs(link.token, other.task_id, { action: "approve", name: "Ирина", version: 1 })).status).toBe(404);
    }
  });

  it("a tampered, truncated or made-up token opens nothing (404), and the dashboard's API and data stay closed to it", async () => {
    const target = inA[0]!;
    const link = await makeLink({ task_id: target.task_id, expires_in_hours: 24, can_decide: true });
    for (const token of [tamper(link.token), link.token.slice(0, -1), `${link.id}${"x".repeat(43)}`, "nope", link.id]) {
      const r = await get(token);
      expect(r.status, token).toBe(404);
      expect((await errorOf(r)).code).toBe("not_found");
      expect((await getPost(token, target.task_id)).status).toBe(404);
    }
    // The token is no credential for the dashboard: no session, whatever header carries it.
    const carriers: Record<string, string>[] = [{}, { authorization: `Bearer ${link.token}` }, { cookie: `next-auth.session-token=${link.token}` }];
    for (const headers of carriers) {
      expect((await call(dashboardPost, `/api/posts/${target.task_id}`, { params: { id: String(target.task_id) }, headers })).status).toBe(401);
      expect((await call(campaigns, "/api/campaigns", { headers })).status).toBe(401);
      expect((await call(audit, "/api/audit", { headers })).status).toBe(401);
      expect((await call(list, "/api/share-links", { headers })).status).toBe(401);
      expect((await call(dashboardApprove, `/api/posts/${target.task_id}/approve`, { method: "POST", params: { id: String(target.task_id) }, headers })).status).toBe(401);
    }
  });

  it("a campaign link lists that campaign's waiting posts only and opens no other post", async () => {
    const link = await makeLink({ campaign_id: campaignA, expires_in_hours: 24, can_decide: true });
    const body = (await (await get(link.token)).json()) as { data: { scope: string; posts: { task_id: number; status: string }[] } };
    expect(body.data.scope).toBe("campaign");
    expect(body.data.posts.length).toBeGreaterThanOrEqual(2);
    expect(body.data.posts.every((p) => p.status === "WAITING_APPROVAL")).toBe(true);
    const ids = new Set(body.data.posts.map((p) => p.task_id));
    for (const p of inA) expect(ids.has(p.task_id)).toBe(true);
    expect(ids.has(elsewhere.task_id)).toBe(false);
    expect((await getPost(link.token, inA[1]!.task_id)).status).toBe(200);
    expect((await getPost(link.token, elsewhere.task_id)).status).toBe(404);
    expect((await decideAs(link.token, elsewhere.task_id, { action: "approve", name: "Ирина", version: 1 })).status).toBe(404);
  });
});

describe("deciding and commenting through a link", () => {
  it("approves pinned to the version shown, audited as external:<name> with the link id", async () => {
    const target = inA[0]!;
    const link = await makeLink({ task_id: target.task_id, expires_in_hours: 24, can_decide: true });
    const version = await activeVersion(target.task_id);
    expect((await get(link.token)).status).toBe(200);
    // The name: required, trimmed, 1–80 characters; the version: required; approve takes no reason.
    for (const body of [{ action: "approve", version }, { action: "approve", name: "  ", version }, { action: "approve", name: "я".repeat(81), version }, { action: "approve", name: "Ирина" }, { action: "maybe", name: "Ирина", version }]) {
      const r = await decideAs(link.token, target.task_id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const stale = await decideAs(link.token, target.task_id, { action: "approve", name: "Ирина", version: version + 1 });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).code).toBe("version_changed");

    const res = await decideAs(link.token, target.task_id, { action: "approve", name: "  Ирина Клиентова ", version });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Record<string, unknown> & { data: { status: string; result: string } };
    expect(answer.data).toMatchObject({ status: "APPROVED", result: "approved_now" });
    expect(answer).not.toHaveProperty("previous_decision");

    const rows = await db().selectFrom("audit_log").selectAll().where("task_id", "=", target.task_id).orderBy("id").execute();
    const ok = rows.find((r) => r.result === "approved_now");
    expect(ok).toMatchObject({ user_email: "external:Ирина Клиентова", user_name: "Ирина Клиентова", role: "external", source: "share_link", share_link_id: link.id, version_seen: version });
    expect(rows.find((r) => r.error_code === "version_changed")).toMatchObject({ share_link_id: link.id, role: "external" });
    const events = await db().selectFrom("audit_events").selectAll().where("subject_id", "=", link.id).orderBy("id").execute();
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(["share.created", "share.opened", "share.decided"]));
    // Both attempts, the refused one too, are in the trail with their outcome.
    const decided = events.filter((e) => e.kind === "share.decided").map((e) => ({ actor: e.actor_email, role: e.role, task: e.task_id, detail: JSON.parse(e.detail ?? "{}") as Record<string, unknown> }));
    expect(decided).toEqual([
      { actor: "external:Ирина", role: "external", task: target.task_id, detail: expect.objectContaining({ link_id: link.id, error_code: "version_changed" }) },
      { actor: "external:Ирина Клиентова", role: "external", task: target.task_id, detail: expect.objectContaining({ link_id: link.id, result: "approved_now", version }) },
    ]);

    // Decided, the post stays readable through its link but offers no decision any more.
    const after = ((await (await getPost(link.token, target.task_id)).json()) as { data: { status: string; can_decide: boolean } }).data;
    expect(after).toMatchObject({ status: "APPROVED", can_decide: false });
    expect((await decideAs(link.token, target.task_id, { action: "reject", name: "Ирина", version, reason: "передумала" })).status).toBe(409);
  });

  it("rejects with a required reason through a campaign link; a read-only link refuses decisions (403)", async () => {
    const target = inA[1]!;
    const version = await activeVersion(target.task_id);
    const readOnly = await makeLink({ campaign_id: campaignA, expires_in_hours: 24, can_decide: false });
    const refused = await decideAs(readOnly.token, target.task_id, { action: "approve", name: "Олег", version });
    expect(refused.status).toBe(403);

    const link = await makeLink({ campaign_id: campaignA, expires_in_hours: 24, can_decide: true });
    expect((await decideAs(link.token, target.task_id, { action: "reject", name: "Олег", version })).status).toBe(400);
    const res = await decideAs(link.token, target.task_id, { action: "reject", name: "Олег", version, reason: "Не тот тон" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe("CANCELED");
    const row = await db().selectFrom("audit_log").selectAll().where("task_id", "=", target.task_id).where("result", "=", "rejected_now").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_email: "external:Олег", reason: "Не тот тон", share_link_id: link.id, source: "share_link" });
    // Decided, it left the campaign's waiting list, and with it the link's reach.
    const listed = ((await (await get(link.token)).json()) as { data: { posts: { task_id: number }[] } }).data.posts.map((p) => p.task_id);
    expect(listed).not.toContain(target.task_id);
    expect((await getPost(link.token, target.task_id)).status).toBe(404);
  });

  it("comments are the link's own: the team's internal thread and other links' comments never reach the visitor", async () => {
    const target = inA[2]!;
    const link = await makeLink({ task_id: target.task_id, expires_in_hours: 24, can_decide: false });
    const other = await makeLink({ task_id: target.task_id, expires_in_hours: 24, can_decide: false });
    await createComment({ task_id: target.task_id, campaign_id: campaignA, version: 1, body: "ВНУТРЕННЕЕ: клиенту не показывать", author: { email: "editor@example.com", name: "Редактор", role: "editor" } });
    expect((await commentAs(other.token, target.task_id, { name: "Чужой", body: "с другой ссылки" })).status).toBe(201);
    expect((await commentAs(link.token, target.task_id, { name: "", body: "x" })).status).toBe(400);
    expect((await commentAs(link.token, target.task_id, { name: "Анна", body: "   " })).status).toBe(400);
    const res = await commentAs(link.token, target.task_id, { name: "Анна", body: "Поменяйте картинку" });
    expect(res.status).toBe(201);
    const post = ((await (await getPost(link.token, target.task_id)).json()) as { data: { comments: { author: string; body: string }[] } }).data;
    expect(post.comments.map((c) => [c.author, c.body])).toEqual([["Анна", "Поменяйте картинку"]]);
    expect(JSON.stringify(post)).not.toContain("ВНУТРЕННЕЕ");
    expect(JSON.stringify(post)).not.toContain("editor@example.com");
    const event = await db().selectFrom("audit_events").selectAll().where("kind", "=", "comment.created").where("actor_email", "=", "external:Анна").executeTakeFirstOrThrow();
    expect(JSON.parse(event.detail ?? "{}")).toMatchObject({ share_link_id: link.id });
  });
});

describe("expired and revoked links, limits, and traces", () => {
  it("a revoked link answers 410 link_revoked everywhere; an expired one 410 link_expired", async () => {
    const target = inA[2]!;
    const link = await makeLink({ task_id: target.task_id, expires_in_hours: 1, can_decide: true });
    expect((await get(link.token)).status).toBe(200);
    await call(revoke, `/api/share-links/${link.id}`, { method: "DELETE", role: "editor", params: { id: link.id } });
    for (const r of [await get(link.token), await getPost(link.token, target.task_id), await decideAs(link.token, target.task_id, { action: "approve", name: "Ирина", version: 1 }), await commentAs(link.token, target.task_id, { name: "Ирина", body: "x" })]) {
      expect(r.status).toBe(410);
      expect((await errorOf(r)).code).toBe("link_revoked");
      expect(r.headers.get("cache-control")).toContain("no-store");
    }
    const expiring = await makeLink({ task_id: target.task_id, expires_in_hours: 1, can_decide: true });
    await db().updateTable("share_links").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", expiring.id).execute();
    const gone = await get(expiring.token);
    expect(gone.status).toBe(410);
    expect((await errorOf(gone)).code).toBe("link_expired");
    const listed = ((await (await call(list, `/api/share-links?task_id=${target.task_id}&status=expired`, { role: "editor" })).json()) as { items: { id: string }[] }).items;
    expect(listed.map((i) => i.id)).toContain(expiring.id);
    // The page's clear answer: 410 for expired and revoked, 404 for a link that never was, back to the page for a good one.
    const page = (token: string, locale = "ru") => call(gonePage, `/s/${token}/gone`, { params: { token }, ...visitor({ cookie: `NEXT_LOCALE=${locale}` }) });
    const revokedPage = await page(link.token);
    expect(revokedPage.status).toBe(410);
    expect(revokedPage.headers.get("content-type")).toContain("text/html");
    expect(revokedPage.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await revokedPage.text()).toContain("Ссылка отозвана");
    const expiredPage = await page(expiring.token, "en");
    expect(expiredPage.status).toBe(410);
    expect(await expiredPage.text()).toContain("This link has expired");
    expect((await page(tamper(link.token))).status).toBe(404);
    const good = await makeLink({ task_id: target.task_id, expires_in_hours: 1, can_decide: false });
    const back = await page(good.token);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/s/${good.token}`);
    const revokedEvent = await db().selectFrom("audit_events").selectAll().where("kind", "=", "share.revoked").where("subject_id", "=", link.id).executeTakeFirstOrThrow();
    expect(revokedEvent).toMatchObject({ actor_email: "editor@example.com", role: "editor" });
  });

  it("limits requests per address (wrong tokens included) and per link, with 429 and Retry-After in the envelope", async () => {
    const link = await makeLink({ task_id: inA[2]!.task_id, expires_in_hours: 24, can_decide: false });
    setShareLimitsForTests({ perAddress: 3, perLink: 1000, windowSeconds: 60 });
    for (let i = 0; i < 3; i++) expect((await get(tamper(link.token))).status).toBe(404);
    const limited = await get(link.token);
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("referrer-policy")).toBe("no-referrer");
    // Another address still gets in.
    ip = "203.0.113.9";
    expect((await get(link.token)).status).toBe(200);

    setShareLimitsForTests({ perAddress: 1000, perLink: 2, windowSeconds: 60 });
    for (let i = 0; i < 2; i++) {
      ip = `203.0.113.${20 + i}`;
      expect((await get(link.token)).status).toBe(200);
    }
    ip = "203.0.113.99";
    expect((await get(link.token)).status).toBe(429);
  });

  it("the token is stored only as a hash and appears in no audit row and no log line", async () => {
    const lines: string[] = [];
    const out = process.stdout.write.bind(process.stdout);
    const err = process.stderr.write.bind(process.stderr);
    process.env.LOG_LEVEL = "debug";
    process.stdout.write = ((chunk: string | Uint8Array) => (lines.push(String(chunk)), true)) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string | Uint8Array) => (lines.push(String(chunk)), true)) as typeof process.stderr.write;
    let token = "";
    try {
      const link = await makeLink({ task_id: inA[2]!.task_id, expires_in_hours: 24, can_decide: true });
      token = link.token;
      await get(token);
      await getPost(token, inA[2]!.task_id);
      await getPost(token, elsewhere.task_id);
      await decideAs(token, inA[2]!.task_id, { action: "approve", name: "Лог", version: 999 });
    } finally {
      process.stdout.write = out;
      process.stderr.write = err;
      process.env.LOG_LEVEL = "silent";
    }
    const secret = token.slice(16);
    expect(lines.some((l) => l.includes('"route":"/api/s/[id]'))).toBe(true);
    expect(lines.join("\n")).not.toContain(secret);
    const file = readFileSync(path.join(h.dbDir, "nested", "dashboard.db"));
    expect(file.includes(Buffer.from(secret))).toBe(false);
    const stored = await db().selectFrom("share_links").select("token_hash").where("id", "=", token.slice(0, 16)).executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
