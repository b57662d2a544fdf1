import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listSubs, POST as addSub } from "@/app/api/account/report-subscriptions/route";
import { DELETE as removeSub } from "@/app/api/account/report-subscriptions/[id]/route";
import { GET as pdfRoute } from "@/app/api/reports/pdf/route";
import { GET as chartRoute } from "@/app/api/reports/charts/[name]/route";
import { POST as shareRoute } from "@/app/api/reports/share/route";
import { POST as sendRoute } from "@/app/api/reports/send/route";
import { call, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { listAuditEvents } from "@/lib/server/audit-events";
import { db } from "@/lib/server/db";
import { campaignProjectsOf, keepCampaignProjects } from "@/lib/server/mirror/projects";
import { openReportShare } from "@/lib/server/reports/share";
import { startSmtp, type TestSmtp } from "@/test/servers/notify-receivers";

/*
 * The report routes as a person meets them: who may use them, bad input in
 * the one envelope, a subscription kept to its owner, the PDF and a chart
 * answered as files, a share link made and an outside send refused without SMTP.
 */
let h: Harness;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  h = await startHarness({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

const sub = { campaign_id: null, cadence: "weekly", day: 1, hour: 9, by_email: true, by_telegram: false };

describe("report routes", () => {
  it("are for managers and admins only", async () => {
    expect((await call(pdfRoute, "/api/reports/pdf", { role: "editor" })).status).toBe(403);
    expect((await call(addSub, "/api/account/report-subscriptions", { method: "POST", role: "reviewer", body: sub })).status).toBe(403);
    expect((await call(pdfRoute, "/api/reports/pdf")).status).toBe(401);
    // Sending outside the team is an admin's.
    expect((await call(sendRoute, "/api/reports/send", { method: "POST", role: "manager", body: { to: "boss@client.example", campaign_id: null } })).status).toBe(403);
  });

  it("refuse a bad period or subscription in the one envelope", async () => {
    const bad = await call(pdfRoute, "/api/reports/pdf?from=2026-11-22&to=2026-11-01", { role: "manager" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("validation_error");
    const long = await call(pdfRoute, "/api/reports/pdf?from=2026-01-01&to=2026-12-31", { role: "manager" });
    expect(long.status).toBe(400);
    for (const body of [{ ...sub, day: 8 }, { ...sub, hour: 24 }, { ...sub, by_email: false }, { ...sub, extra: 1 }, "not json"]) {
      const r = await call(addSub, "/api/account/report-subscriptions", { method: "POST", role: "manager", body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(addSub, "/api/account/report-subscriptions", { method: "POST", role: "manager", body: sub, headers: { origin: "https://evil.example" } })).status).toBe(403);
  });

  it("keep a subscription to its owner", async () => {
    const made = await call(addSub, "/api/account/report-subscriptions", { method: "POST", role: "manager", body: sub });
    expect(made.status).toBe(201);
    const { id } = ((await made.json()) as { data: { id: string } }).data;
    const mine = ((await (await call(listSubs, "/api/account/report-subscriptions", { role: "manager" })).json()) as { data: { subscriptions: { id: string }[] } }).data.subscriptions;
    expect(mine.map((s) => s.id)).toEqual([id]);
    const theirs = ((await (await call(listSubs, "/api/account/report-subscriptions", { role: "admin" })).json()) as { data: { subscriptions: unknown[] } }).data.subscriptions;
    expect(theirs).toEqual([]);
    expect((await call(removeSub, `/api/account/report-subscriptions/${id}`, { method: "DELETE", role: "admin", params: { id } })).status).toBe(404);
    expect((await call(removeSub, `/api/account/report-subscriptions/${id}`, { method: "DELETE", role: "manager", params: { id } })).status).toBe(200);
  });

  it("answer the PDF and a chart as files, and make a share link", async () => {
    const pdf = await call(pdfRoute, "/api/reports/pdf?from=2026-11-16&to=2026-11-22", { role: "manager" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="report-2026-11-16-2026-11-22.pdf"');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    // No decisions or engagement in an empty database: no chart of that name.
    expect((await call(chartRoute, "/api/reports/charts/decisions.png?from=2026-11-16&to=2026-11-22", { role: "manager", params: { name: "decisions.png" } })).status).toBe(404);
    const link = await call(shareRoute, "/api/reports/share", { method: "POST", role: "manager", body: { campaign_id: null, from: "2026-11-16", to: "2026-11-22" } });
    expect(link.status).toBe(201);
    expect(((await link.json()) as { data: { url: string } }).data.url).toMatch(/\/r\/[0-9a-f]{16}[A-Za-z0-9_-]{43}$/);
    expect((await call(shareRoute, "/api/reports/share", { method: "POST", role: "manager", body: { campaign_id: null, from: "2026-11-16", to: "2026-11-22", days: 365 } })).status).toBe(400);
  });

  it("take a project as the scope: unknown is not_found, malformed or doubled is refused, a known one answers", async () => {
    const unknown = await call(pdfRoute, "/api/reports/pdf?project=999&from=2026-11-16&to=2026-11-22", { role: "manager" });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ code: "not_found" });
    for (const q of ["project=abc", "project=0", "project=1&campaign=2", "scope=project-x"]) {
      const r = await call(pdfRoute, `/api/reports/pdf?${q}`, { role: "manager" });
      expect(r.status, q).toBe(400);
      expect((await errorOf(r)).code, q).toBe("validation_error");
    }
    expect((await call(shareRoute, "/api/reports/share", { method: "POST", role: "manager", body: { campaign_id: null, project_id: 999, from: "2026-11-16", to: "2026-11-22" } })).status).toBe(404);
    expect((await call(shareRoute, "/api/reports/share", { method: "POST", role: "manager", body: { campaign_id: 3, project_id: 7, from: "2026-11-16", to: "2026-11-22" } })).status).toBe(400);
    expect((await call(addSub, "/api/account/report-subscriptions", { method: "POST", role: "manager", body: { ...sub, project_id: 999 } })).status).toBe(404);
    expect((await call(addSub, "/api/account/report-subscriptions", { method: "POST", role: "manager", body: { ...sub, campaign_id: 3, project_id: 7 } })).status).toBe(400);
    expect((await call(sendRoute, "/api/reports/send", { method: "POST", role: "admin", body: { to: "boss@client.example", campaign_id: null, project_id: 999 } })).status).toBe(404);

    // A campaign list answer seen once makes project 7 known.
    await keepCampaignProjects(db(), campaignProjectsOf({ campaigns: [{ id: 3, name: "Весна", project_id: 7, project_name: "Сезоны" }] }));
    const pdf = await call(pdfRoute, "/api/reports/pdf?project=7&from=2026-11-16&to=2026-11-22", { role: "manager" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="report-project-7-2026-11-16-2026-11-22.pdf"');
    const made = await call(addSub, "/api/account/report-subscriptions", { method: "POST", role: "manager", body: { ...sub, project_id: 7 } });
    expect(made.status).toBe(201);
    expect(((await made.json()) as { data: { project_id: number | null; campaign_id: number | null } }).data).toMatchObject({ project_id: 7, campaign_id: null });
    const link = await call(shareRoute, "/api/reports/share", { method: "POST", role: "manager", body: { campaign_id: null, project_id: 7, from: "2026-11-16", to: "2026-11-22" } });
    expect(link.status).toBe(201);
    const token = new URL(((await link.json()) as { data: { url: string } }).data.url).pathname.slice(3);
    const opened = await openReportShare(db(), token);
    expect(opened.ok && opened.share).toMatchObject({ campaignId: null, projectId: 7, period: { from: "2026-11-16", to: "2026-11-22" } });
  });

  it("let an admin mail a report to an outside address, audited, and say when the server refused it", async () => {
    const ok = await call(sendRoute, "/api/reports/send", { method: "POST", role: "admin", body: { to: "boss@client.example", campaign_id: null, from: "2026-11-16", to_day: "2026-11-22" } });
    expect(ok.status).toBe(200);
    expect(smtp.mails.map((m) => m.to)).toEqual([["boss@client.example"]]);
    expect(smtp.mails[0]!.raw).toMatch(/content-type: application\/pdf/i);
    smtp.failing = true;
    const refused = await call(sendRoute, "/api/reports/send", { method: "POST", role: "admin", body: { to: "boss@client.example", campaign_id: null } });
    smtp.failing = false;
    expect(refused.status).toBe(503);
    const events = (await listAuditEvents({ kinds: ["report.sent", "report.send_failed"] })).items.map((e) => [e.kind, e.subject_id]);
    expect(events.sort()).toEqual([["report.send_failed", "boss@client.example"], ["report.sent", "boss@client.example"], ["report.sent", "boss@client.example"]]);
    expect((await call(sendRoute, "/api/reports/send", { method: "POST", role: "admin", body: { to: "not an address", campaign_id: null } })).status).toBe(400);
  });
});
