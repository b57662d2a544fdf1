import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as campaigns } from "@/app/api/campaigns/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/posts/[id]/reject/route";
import { GET as decisions } from "@/app/api/posts/[id]/decisions/route";
import { GET as audit } from "@/app/api/audit/route";
import { GET as health } from "@/app/api/health/route";
import { closeDbForTests, sqliteForTests } from "@/lib/server/db";
import { resetHealthForTests } from "@/lib/server/route/health-check";
import { currentRunner } from "@/lib/server/jobs/current";
import { startServer } from "@/lib/server/startup";
import type { Post } from "@/lib/schemas";
import { withinEveryLimit } from "@/test/support/within-limits";
import { call, cookieFor, errorOf, pointUpstream, ROLES, startHarness, type Harness } from "./harness";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";

type PostRow = Pick<Post, "task_id" | "campaign_id" | "status" | "text" | "media">;
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
  waiting.push(...(await postsWithStatus("WAITING_APPROVAL")).filter(withinEveryLimit));
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
    // Russian by default: translated headers, `;` between fields (Excel with Russian settings splits on it).
    expect(lines[0]).toMatch(/^Запись;Время;Эл\. почта;Имя;Роль;Пост;Заголовок;Кампания;Название кампании;Версия;Увиденная версия;Действие;Причина;Категория причины/);
    expect(lines).toHaveLength(all.total + 1);
    expect(text).toContain(`"'=HYPERLINK(""x""), ""цитата"""`);
    const rejectsOnly = await call(audit, "/api/audit?format=csv&action=reject", { role: "admin" });
    const rows = (await rejectsOnly.text()).trimEnd().split("\r\n").slice(1);
    expect(rows.length).toBe((await auditList("?action=reject")).total);
  });
});

/** The simulator's own view of a post, straight from its API (not through the dashboard). */
async function upstreamStatus(id: number): Promise<string> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } });
  return ((await res.json()) as { status: string }).status;
}

type DecisionBody = {
  data: { task_id: number; status: string; result: string; message: string; recovered?: boolean };
  audit_id: number | null;
  audit_recorded: boolean;
  warning?: string;
  previous_decision?: { by: string; email: string; action: string; at: string };
};

/**
 * A proxy in front of the simulator that lets approve/reject through (the
 * upstream applies them) and then spoils the answer: a success body that
 * breaks the contract, or a 502 page. Everything else passes unchanged.
 */
async function spoilingProxy(spoil: "malformed" | "502"): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const upstream = await fetch(`${h.simUrl}${req.url}`, {
          method: req.method,
          headers: { authorization: req.headers.authorization ?? "", "content-type": "application/json" },
          body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
        });
        const text = await upstream.text();
        if (req.method === "POST" && /\/(approve|reject)$/.test(req.url ?? "") && upstream.ok) {
          if (spoil === "502") res.writeHead(502, { "content-type": "text/html" }).end("<html><h1>502 Bad Gateway</h1></html>");
          else res.writeHead(200, { "content-type": "application/json" }).end(text.replace(/"task_id":(\d+)/, '"task_id":"$1"'));
          return;
        }
        res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" }).end(text);
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describe("a decision is reported as what happened", () => {
  for (const spoil of ["malformed", "502"] as const) {
    it(`the upstream applied it but answered ${spoil === "502" ? "a 502" : "a body that breaks the contract"}: done, after a re-read`, async () => {
      const target = waiting[spoil === "502" ? 5 : 4]!;
      const proxy = await spoilingProxy(spoil);
      try {
        pointUpstream(proxy.url, "demo-key");
        await call(getPost, `/api/posts/${target.task_id}`, { role: "editor", params: { id: String(target.task_id) } }); // cached as waiting
        const res = await post(reject, target.task_id, { role: "editor", body: { reason: "Не по теме" } });
        expect(res.status).toBe(200);
        const body = (await res.json()) as DecisionBody;
        expect(body.data).toMatchObject({ task_id: target.task_id, status: "CANCELED", result: "rejected_now", recovered: true });
        expect(body.data.message).toMatch(/повторное чтение поста подтвердило/);
        expect(body.audit_recorded).toBe(true);
      } finally {
        await proxy.close();
        pointUpstream(h.simUrl, "demo-key");
      }
      expect(await upstreamStatus(target.task_id)).toBe("CANCELED");
      const { items } = await auditList(`?task_id=${target.task_id}`);
      expect(items[0]).toMatchObject({ action: "reject", result: "rejected_now", status_after: "CANCELED", error_code: null });
    });
  }

  it("two editors on one post: the second is told who decided before, the first sees the override", async () => {
    const target = waiting[6]!;
    const other = { cookie: await cookieFor("editor", "second@example.com") };
    expect((await post(approve, target.task_id, { role: "editor" })).status).toBe(200);

    const late = (await (await post(approve, target.task_id, { headers: other })).json()) as DecisionBody;
    expect(late.data.result).toBe("already_approved");
    expect(late.previous_decision).toMatchObject({ by: "Тест editor", email: "editor@example.com", action: "approve" });

    const overriding = (await (await post(reject, target.task_id, { headers: other, body: { reason: "Передумали" } })).json()) as DecisionBody;
    expect(overriding.data.result).toBe("rejected_now");
    expect(overriding.previous_decision).toMatchObject({ email: "editor@example.com", action: "approve" });

    const res = await call(decisions, `/api/posts/${target.task_id}/decisions`, { role: "editor", params: { id: String(target.task_id) } });
    const { items } = (await res.json()) as { items: (AuditItem & { overridden_by: { email: string; action: string } | null })[] };
    const first = items.find((i) => i.user_email === "editor@example.com");
    expect(first?.overridden_by).toMatchObject({ email: "second@example.com", action: "reject" });
    expect(items[0]?.overridden_by).toBeNull();

    // Approving what was rejected is a 409 from the upstream: told who rejected it.
    const conflict = await post(approve, target.task_id, { role: "editor" });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as DecisionBody).previous_decision).toMatchObject({ email: "second@example.com", action: "reject" });
  });

  it("a read-only database: the decision is reported made but not recorded, health fails, and a restart records it", async () => {
    const target = waiting[7]!;
    const dbFile = path.join(h.dbDir, "nested", "dashboard.db");
    const fallback = `${dbFile}.audit-fallback.jsonl`;
    // Signed in before: a sign-in writes a session row.
    const editor = { cookie: await cookieFor("editor") };
    sqliteForTests().pragma("query_only = 1"); // chmod cannot deny root's writes; this can
    try {
      const res = await post(approve, target.task_id, { headers: editor, body: { note: "в read-only" } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as DecisionBody;
      expect(body.data).toMatchObject({ status: "APPROVED", result: "approved_now" });
      expect(body).toMatchObject({ audit_id: null, audit_recorded: false });
      expect(body.warning).toMatch(/не записано в журнал/);
      expect(await upstreamStatus(target.task_id)).toBe("APPROVED");

      resetHealthForTests();
      const down = await call(health, "/api/health");
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await down.json()) as { status: string }).status).toBe("error");
      const lines = readFileSync(fallback, "utf8").trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ entry: { task_id: target.task_id, action: "approve", note: "в read-only", result: "approved_now" } });
      // A refusal (pinned to a version that is not the active one) took nothing: not recorded either,
      // and not said to be taken.
      const refused = await post(approve, waiting.at(-1)!.task_id, { headers: editor, body: { version: 999 } });
      expect(refused.status).toBe(409);
      const refusal = (await refused.json()) as DecisionBody & { error: { code: string } };
      expect(refusal).toMatchObject({ error: { code: "version_changed" }, audit_recorded: false });
      expect(refusal.warning).toBeUndefined();
    } finally {
      await closeDbForTests(); // the "crash": the read-only handle goes
    }
    await startServer(); // a new start: new handle, replay
    expect(existsSync(fallback)).toBe(false);
    const { items } = await auditList(`?task_id=${target.task_id}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ user_email: "editor@example.com", action: "approve", note: "в read-only", result: "approved_now" });
    await startServer(); // replaying again adds nothing
    expect((await auditList(`?task_id=${target.task_id}`)).total).toBe(1);
    resetHealthForTests();
    expect((await call(health, "/api/health")).status).toBe(200);
    // Start-up started the background jobs too: they are not under test here.
    await currentRunner()?.stop();
  });
});
