import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as auditEvents } from "@/app/api/audit/events/route";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { call, errorOf, ROLES, startHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const anna = { email: "anna@example.com", name: "Анна", role: "reviewer" };
  await recordAuditEvent({ at: "2026-11-20T10:00:00.000Z", actor: anna, kind: "comment.created", task_id: 7, campaign_id: 1, subject_id: 1, detail: { version: 2 } });
  await recordAuditEvent({ at: "2026-11-21T10:00:00.000Z", actor: anna, kind: "verdict.given", task_id: 7, campaign_id: 1, detail: { verdict: "changes", note: "=cmd()" } });
  await recordAuditEvent({
    at: "2026-11-22T10:00:00.000Z",
    actor: { email: "external:=HYPERLINK(1)", name: "=HYPERLINK(1)", role: "external" },
    kind: "share.decided",
    task_id: 9,
    campaign_id: 2,
    subject_id: "lnk_1",
  });
});
afterAll(async () => {
  await h?.close();
});

type Page = { items: { kind: string; task_id: number | null; detail_json: Record<string, unknown> | null }[]; total: number };

describe("GET /api/audit/events", () => {
  it("is for admins and managers only", async () => {
    for (const role of ROLES) {
      const res = await call(auditEvents, "/api/audit/events", { role });
      expect(res.status, role).toBe(role === "admin" || role === "manager" ? 200 : 403);
    }
    expect((await call(auditEvents, "/api/audit/events")).status).toBe(401);
  });

  it("lists newest first and filters by kind group, post, person and days", async () => {
    const all = (await (await call(auditEvents, "/api/audit/events", { role: "manager" })).json()) as Page;
    expect(all.items.map((i) => i.kind)).toEqual(["share.decided", "verdict.given", "comment.created"]);
    expect(all.items[1]?.detail_json).toEqual({ verdict: "changes", note: "=cmd()" });

    const comments = (await (await call(auditEvents, "/api/audit/events?group=comment", { role: "manager" })).json()) as Page;
    expect(comments.items.map((i) => i.kind)).toEqual(["comment.created"]);
    const post = (await (await call(auditEvents, "/api/audit/events?task_id=9", { role: "manager" })).json()) as Page;
    expect(post.total).toBe(1);
    const byName = (await (await call(auditEvents, `/api/audit/events?user=${encodeURIComponent("Анна")}`, { role: "manager" })).json()) as Page;
    expect(byName.total).toBe(2);
    const byEmail = (await (await call(auditEvents, "/api/audit/events?user=ANNA", { role: "manager" })).json()) as Page;
    expect(byEmail.total).toBe(2);
    const days = (await (await call(auditEvents, "/api/audit/events?from=2026-11-21T00:00:00Z&to=2026-11-21T23:59:59Z", { role: "manager" })).json()) as Page;
    expect(days.items.map((i) => i.kind)).toEqual(["verdict.given"]);
  });

  it("refuses bad filters with the envelope", async () => {
    for (const q of ["group=bogus", "task_id=abc", "limit=500", "from=yesterday"]) {
      const res = await call(auditEvents, `/api/audit/events?${q}`, { role: "admin" });
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).code).toBe("validation_error");
    }
  });

  it("exports CSV with translated kinds and neutralised formulas", async () => {
    const res = await call(auditEvents, "/api/audit/events?format=csv", { role: "admin" });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("заключение рецензента");
    expect(text).toContain("гость по ссылке");
    expect(text).not.toMatch(/;=HYPERLINK/);
    expect(text).toContain(";'=HYPERLINK(1);");
  });
});
