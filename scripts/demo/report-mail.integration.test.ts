import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { senderDepsFromEnv } from "@/lib/server/reports/schedule/runtime";
import { reportTick } from "@/lib/server/reports/schedule/sender";
import { listSubscriptions } from "@/lib/server/reports/schedule/store";
import { seedReportWeek } from "@/test/report-seed";
import { startMailCatcher, type MailCatcher } from "@/scripts/mail-catcher.mjs";
import { campaignProjectsOf, keepCampaignProjects } from "@/lib/server/mirror/projects";
import { seedDemoReportSubscriptions } from "./report-subscriptions";

const iso = (ms: number) => new Date(ms).toISOString();

/*
 * The demo's Monday mail, as `npm run demo` wires it: the mail catcher it
 * starts (scripts/mail-catcher.mjs, real SMTP and its page over HTTP), the
 * demo people's subscriptions its seed writes, and the app's report sender
 * built from the environment the demo gives the dashboard (SMTP_URL = the
 * catcher). Once the mirror holds every active campaign, a round of the
 * sender (one a minute) mails each of them last week's report with its PDF;
 * a restarted demo (another sender, the seed run again) sends nothing twice.
 */
// Wednesday 25 November: the demo starts days after the Monday report fell due (it is sent at once).
const NOW = Date.parse("2026-11-25T09:00:00Z");
let dir: string;
let catcher: MailCatcher;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "demo-mail-"));
  catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  process.env.DATABASE_URL = `file:${path.join(dir, "db.db")}`;
  process.env.AUDIT_FALLBACK_FILE = path.join(dir, "fallback.jsonl");
  process.env.SMTP_URL = catcher.smtpUrl;
  resetEnvForTests();
  await closeDbForTests();
  await ensureMigrated();
  await seedReportWeek(db());
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvForTests();
  await closeDbForTests();
  await catcher?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Listed = { mails: { to: string[]; subject: string; attachments: { filename: string; contentType: string; url: string }[] }[] };

describe("the demo's Monday mail", () => {
  it("reaches the mail catcher with the PDF attached, once per person and week, whatever restarts", async () => {
    expect(await seedDemoReportSubscriptions(db(), NOW)).toEqual(["manager@example.com", "admin@example.com"]);
    // Right after the start the collector has listed the campaigns but not yet mirrored the active "Зима":
    // the report waits for it rather than leave it out (and, sent once, never be corrected).
    // Campaign 50 starts in December: not of last week, so the report does not wait for it.
    const running = [10, 20, 30].map((id) => ({ id, name: `#${id}`, project_id: 1, project_name: "Кофейня", status: "ACTIVE", start_date: "2026-10-01", end_date: null }));
    await keepCampaignProjects(db(), campaignProjectsOf({ campaigns: [...running, { id: 50, name: "Декабрь", project_id: 1, project_name: "Кофейня", status: "ACTIVE", start_date: "2026-12-01", end_date: null }] }), NOW);
    await reportTick(senderDepsFromEnv("demo-start-1"), NOW);
    expect(catcher.mails).toHaveLength(0);
    await db().insertInto("campaign_sync").values({ campaign_id: 30, campaign_name: "Зима", cursor: null, full_at: iso(NOW + 30_000), full_by: iso(NOW + 86_400_000), fetched_at: iso(NOW + 30_000), revision: 1, lease_owner: null, lease_until: null }).execute();
    await reportTick(senderDepsFromEnv("demo-start-1"), NOW + 60_000);

    const listed = (await (await fetch(`${catcher.webUrl}/mails.json`)).json()) as Listed;
    expect(listed.mails.map((m) => m.to[0]).sort()).toEqual(["admin@example.com", "manager@example.com"]);
    const mail = listed.mails[0]!;
    expect(mail.subject).toBe("Отчёт: вся команда, 16 ноября 2026 г. – 22 ноября 2026 г.");
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([["report-2026-11-16-2026-11-22.pdf", "application/pdf"]]);
    const pdf = Buffer.from(await (await fetch(`${catcher.webUrl}${mail.attachments[0]!.url}`)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const file = path.join(dir, "mail.pdf");
    writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("Отчёт: вся команда");
    expect(text).toContain("Первый пост недели");
    // The catcher's page lists the mail for a person to open.
    expect(await (await fetch(catcher.webUrl)).text()).toContain("Отчёт: вся команда");

    // The demo restarts: its seed adds nothing (a person who unsubscribed stays so), and a new sender sends nothing again.
    expect(await seedDemoReportSubscriptions(db(), NOW + 60_000)).toEqual([]);
    expect(await listSubscriptions(db())).toHaveLength(2);
    await reportTick(senderDepsFromEnv("demo-start-2"), NOW + 10 * 60_000);
    expect(catcher.mails).toHaveLength(2);
  });
});
