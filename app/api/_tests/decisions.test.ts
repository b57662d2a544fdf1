import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as campaigns } from "@/app/api/campaigns/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/posts/[id]/reject/route";
import { GET as decisions } from "@/app/api/posts/[id]/decisions/route";
import { GET as audit } from "@/app/api/audit/route";
import { call, errorOf, ROLES, startHarness, type Harness } from "./harness";

type PostRow = { task_id: number; campaign_id: number; status: string };
type AuditItem = {
  id: number;
  at: string;
  user_email: string;
  user_name: string;
  role: string;
  task_id: number;
  campaign_id: number | null;
  version_number: number | null;
  action: string;
  reason: string | null;
  note: string | null;
  source: string;
  status_after: string | null;
  result: string | null;
  error_code: string | null;
  http_status: number;
  duration_ms: number;
};

let h: Harness;
const waiting: PostRow[] = [];
let published: PostRow;

async function postsWithStatus(status: string): Promise<PostRow[]> {
  const res = await call(campaigns, "/api/campaigns?status=ACTIVE,FROZEN,DRAFT,COMPLETED", { role: "admin" });
  const list = ((await res.json()) as { data: { campaigns: { id: number }[] } }).data.campaigns;
  const out: PostRow[] = [];
  for (const c of list) {
    const r = await call(campaignPosts, `/api/campaigns/${c.id}/posts?status=${status}&limit=100`, {
      role: "admin",
      params: { id: String(c.id) },
    });
    out.push(...((await r.json()) as { data: { posts: PostRow[] } }).data.posts);
  }
  return out;
}

async function activeVersion(id: number): Promise<number> {
  const res = await call(getPost, `/api/posts/${id}`, { role: "admin", params: { id: String(id) } });
  const detail = ((await res.json()) as { data: { versions: { version_number: number; is_active: boolean }[] } }).data;
  const v = detail.versions.find((x) => x.is_active);
  if (!v) throw new Error(`post ${id} has no active version`);
  return v.version_number;
}

const post = (handler: typeof approve, id: number, o: Parameters<typeof call>[2] = {}) =>
  call(handler, `/api/posts/${id}/${handler === approve ? "approve" : "reject"}`, { method: "POST", params: { id: String(id) }, ...o });

async function auditList(query = "", role: "admin" | "manager" = "admin") {
  const res = await call(audit, `/api/audit${query}`, { role });
  expect(res.status).toBe(200);
  return (await res.json()) as { items: AuditItem[]; total: number; limit: number; offset: number };
}

beforeAll(async () => {
  h = await startHarness();
  waiting.push(...(await postsWithStatus("WAITING_APPROVAL")));
  const pub = (await postsWithStatus("PUBLISHED"))[0];
  expect(waiting.length).toBeGreaterThanOrEqual(4);
  expect(pub).toBeDefined();
  published = pub as PostRow;
});

afterAll(async () => {
  await h?.close();
});

describe("who may decide", () => {
  it("refuses signed-out (401) and reviewer/manager (403 forbidden) before any write", async () => {
    const id = waiting[0]!.task_id;
    const anon = await post(approve, id);
    expect(anon.status).toBe(401);
    for (const role of ["reviewer", "manager"] as const) {
      for (const handler of [approve, reject]) {
        const res = await post(handler, id, { role, body: { reason: "нет" } });
        expect(res.status).toBe(403);
        expect((await errorOf(res)).code).toBe("forbidden");
      }
    }
    expect((await auditList(`?task_id=${id}`)).total).toBe(0);
  });

  it("refuses cross-site writes: foreign Origin, or neither Origin nor Sec-Fetch-Site", async () => {
    const id = waiting[0]!.task_id;
    const foreign = await post(approve, id, { role: "editor", headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).code).toBe("cross_site");
    const crossFetch = await post(approve, id, { role: "editor", headers: { "x-no-origin": "1", "sec-fetch-site": "cross-site" } });
    expect((await errorOf(crossFetch)).code).toBe("cross_site");
    const bare = await post(approve, id, { role: "admin", headers: { "x-no-origin": "1" } });
    expect(bare.status).toBe(403);
    expect((await errorOf(bare)).code).toBe("cross_site");
    expect((await auditList(`?task_id=${id}`)).total).toBe(0);
  });

  it("validates the body: JSON only, reason required for reject, ≤ 500 characters", async () => {
    const id = waiting[0]!.task_id;
    const form = await post(reject, id, { role: "editor", body: "reason=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    const broken = await post(reject, id, { role: "editor", body: "{not json" });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).code).toBe("validation_error");
    const noReason = await post(reject, id, { role: "editor", body: {} });
    expect((await errorOf(noReason)).message).toContain("Недопустимый параметр reason:");
    const blank = await post(reject, id, { role: "editor", body: { reason: "   " } });
    expect(blank.status).toBe(400);
    const long = await post(approve, id, { role: "editor", body: { note: "я".repeat(501) } });
    expect((await errorOf(long)).message).toContain("Недопустимый параметр note:");
    const source = await post(approve, id, { role: "editor", body: { source: "robot" } });
    expect((await errorOf(source)).message).toContain("Недопустимый параметр source:");
    const badId = await call(approve, "/api/posts/x/approve", { method: "POST", role: "editor", params: { id: "x" } });
    expect((await errorOf(badId)).message).toContain("Недопустимый параметр id:");
    expect((await auditList(`?task_id=${id}`)).total).toBe(0);
  });
});

describe("approve and reject, audited", () => {
  it("editor approves with no body (Sec-Fetch-Site same-origin); the audit row has the version", async () => {
    const target = waiting[0]!;
    const version = await activeVersion(target.task_id);
    const res = await post(approve, target.task_id, { role: "editor", headers: { "x-no-origin": "1", "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { task_id: number; status: string; result: string }; audit_id: number };
    expect(body.data).toMatchObject({ task_id: target.task_id, status: "APPROVED", result: "approved_now" });
    expect(body.audit_id).toBeGreaterThan(0);

    const again = await post(approve, target.task_id, { role: "admin", body: { note: "повторно", source: "keyboard" } });
    expect(((await again.json()) as { data: { result: string } }).data.result).toBe("already_approved");

    const { items } = await auditList(`?task_id=${target.task_id}`);
    expect(items).toHaveLength(2);
    const [second, first] = items;
    expect(first).toMatchObject({
      id: body.audit_id,
      user_email: "editor@example.com",
      user_name: "Тест editor",
      role: "editor",
      task_id: target.task_id,
      campaign_id: target.campaign_id,
      version_number: version,
      action: "approve",
      source: "single",
      status_after: "APPROVED",
      result: "approved_now",
      error_code: null,
      http_status: 200,
    });
    expect(second).toMatchObject({ role: "admin", note: "повторно", source: "keyboard", result: "already_approved" });
  });

  it("editor rejects with a reason", async () => {
    const target = waiting[1]!;
    const version = await activeVersion(target.task_id);
    const res = await post(reject, target.task_id, { role: "editor", body: { reason: "Опечатка в заголовке", source: "bulk" } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { status: string; result: string }; audit_id: number };
    expect(body.data).toMatchObject({ status: "CANCELED", result: "rejected_now" });
    const { items } = await auditList(`?task_id=${target.task_id}`);
    expect(items[0]).toMatchObject({ action: "reject", reason: "Опечатка в заголовке", source: "bulk", version_number: version, status_after: "CANCELED" });
  });

  it("a 409 from the upstream passes through and the failed attempt is audited", async () => {
    const res = await post(approve, published.task_id, { role: "editor" });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string }; audit_id: number };
    expect(body.error.code).toBe("conflict");
    expect(body.error.message).toMatch(/[А-Яа-яЁё]/);
    const { items } = await auditList(`?task_id=${published.task_id}`);
    expect(items[0]).toMatchObject({ id: body.audit_id, error_code: "conflict", http_status: 409, result: null, action: "approve" });
    expect(items[0]!.version_number).toBe(await activeVersion(published.task_id));
  });

  it("a post that does not exist: 404, audited without a version", async () => {
    const res = await post(reject, 99999999, { role: "admin", body: { reason: "нет такого" } });
    expect(res.status).toBe(404);
    const { items } = await auditList("?task_id=99999999");
    expect(items[0]).toMatchObject({ error_code: "not_found", http_status: 404, version_number: null, campaign_id: null });
  });

  it("GET /api/posts/[id]/decisions: any role, newest first", async () => {
    const id = waiting[0]!.task_id;
    expect((await call(decisions, `/api/posts/${id}/decisions`, { params: { id: String(id) } })).status).toBe(401);
    for (const role of ROLES) {
      const res = await call(decisions, `/api/posts/${id}/decisions`, { role, params: { id: String(id) } });
      expect(res.status).toBe(200);
      const { items } = (await res.json()) as { items: AuditItem[] };
      expect(items.map((i) => i.role)).toEqual(["admin", "editor"]);
    }
  });
});

describe("GET /api/audit", () => {
  beforeAll(async () => {
    // A few more rows from two people.
    await post(approve, waiting[2]!.task_id, { role: "admin" });
    await post(reject, waiting[3]!.task_id, { role: "editor", body: { reason: '=HYPERLINK("x"), "цитата"' } });
  });

  it("admin and manager only", async () => {
    expect((await call(audit, "/api/audit")).status).toBe(401);
    for (const role of ["editor", "reviewer"] as const) {
      const res = await call(audit, "/api/audit", { role });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("forbidden");
    }
    await auditList("", "manager");
  });

  it("newest first, with total, limit and offset", async () => {
    const all = await auditList();
    expect(all.total).toBe(all.items.length);
    expect(all.limit).toBe(50);
    const ids = all.items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page = await auditList("?limit=2&offset=1");
    expect(page).toMatchObject({ total: all.total, limit: 2, offset: 1 });
    expect(page.items.map((i) => i.id)).toEqual(ids.slice(1, 3));
  });

  it("filters by action, user, campaign and time", async () => {
    const rejects = await auditList("?action=reject");
    expect(rejects.items.length).toBeGreaterThan(0);
    expect(rejects.items.every((i) => i.action === "reject")).toBe(true);
    const admins = await auditList("?user=ADMIN@");
    expect(admins.items.length).toBeGreaterThan(0);
    expect(admins.items.every((i) => i.user_email === "admin@example.com")).toBe(true);
    const c = waiting[0]!.campaign_id;
    expect((await auditList(`?campaign_id=${c}`)).items.every((i) => i.campaign_id === c)).toBe(true);
    const all = await auditList();
    const future = await auditList(`?from=${encodeURIComponent("2999-01-01T00:00:00+03:00")}`);
    expect(future.total).toBe(0);
    const past = await auditList(`?to=${encodeURIComponent("2000-01-01T00:00:00Z")}`);
    expect(past.total).toBe(0);
    const around = await auditList(`?from=${encodeURIComponent("2000-01-01T00:00:00Z")}&to=${encodeURIComponent("2999-01-01T00:00:00Z")}`);
    expect(around.total).toBe(all.total);
  });

  it("400 naming the parameter", async () => {
    for (const [q, name] of [["limit=0", "limit"], ["limit=201", "limit"], ["action=delete", "action"], ["from=today", "from"], ["offset=-3", "offset"]]) {
      const res = await call(audit, `/api/audit?${q}`, { role: "admin" });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toContain(`Недопустимый параметр ${name}:`);
    }
  });

  it("format=csv exports every filtered row, formula-safe", async () => {
    const all = await auditList();
    const res = await call(audit, "/api/audit?format=csv&limit=1", { role: "manager" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^id,at,user_email,user_name,role,task_id,campaign_id,version_number,action,reason/);
    expect(lines).toHaveLength(all.total + 1);
    expect(text).toContain(`"'=HYPERLINK(""x""), ""цитата"""`);
    const rejectsOnly = await call(audit, "/api/audit?format=csv&action=reject", { role: "admin" });
    const rows = (await rejectsOnly.text()).trimEnd().split("\r\n").slice(1);
    expect(rows.length).toBe((await auditList("?action=reject")).total);
  });
});
