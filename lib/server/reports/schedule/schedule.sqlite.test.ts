import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { startBotApiServer, type BotApiServer, type UploadedFile } from "@/test/telegram/bot-api-server";
import { startSmtp, type TestSmtp } from "@/test/servers/notify-receivers";
import { seedReportWeek } from "@/test/report-seed";
import { campaignProjectsOf, keepCampaignProjects } from "@/lib/server/mirror/projects";
import { duePeriod } from "./due";
import { reportTick, type SenderDeps } from "./sender";
import { addSubscription, deliveryOf } from "./store";

/*
 * Scheduled delivery end to end on real servers: a SQLite database seeded with
 * a week, an SMTP server (smtp-server) that receives the mail with its PDF,
 * and the local Bot API server that receives the album and the document. Two
 * "instances" tick at once; the lease and the delivery rows keep it one send.
 *
 * Anna subscribes to campaign 10 weekly, Monday 09:00 in Moscow: due from
 * 2026-11-23T06:00Z, covering 16–22 November.
 */
const TZ = "Europe/Moscow";
const MONDAY_0800 = Date.parse("2026-11-23T05:00:00Z");
const MONDAY_0901 = Date.parse("2026-11-23T06:01:00Z");
let dir: string;
let smtp: TestSmtp;
let tg: BotApiServer;

/** The lease the bot uses, in miniature for the test: whoever holds it sends (a row in the test's own table). */
const leases = new Map<string, number>();
const lease = (now: () => number) => async (owner: string) => {
  const holder = [...leases].find(([, until]) => until > now());
  if (holder && holder[0] !== owner) return false;
  leases.clear();
  leases.set(owner, now() + 60_000);
  return true;
};

const deps = (owner: string, now: () => number): SenderDeps => ({
  db: db(),
  owner,
  baseUrl: "http://127.0.0.1:3000",
  smtp: { url: smtp.url, from: "Dashboard <dashboard@localhost>" },
  telegram: { token: tg.token, apiRoot: tg.url },
  timeZoneOf: async () => TZ,
  holdLease: lease(now),
});

function pdfOf(raw: string): Buffer {
  const at = raw.search(/content-type: application\/pdf/i);
  expect(at, "a PDF attachment").toBeGreaterThan(-1);
  const part = raw.slice(at);
  const body = part.slice(part.search(/\r?\n\r?\n/)).split(/\r?\n--/)[0]!;
  return Buffer.from(body.replace(/\s+/g, ""), "base64");
}

const pdfText = (pdf: Buffer) => {
  const file = path.join(dir, `m-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/[\u00a0\u202f]/g, " ");
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "reports-schedule-"));
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  process.env.DATABASE_URL = `file:${path.join(dir, "db.db")}`;
  process.env.AUDIT_FALLBACK_FILE = path.join(dir, "fallback.jsonl");
  resetEnvForTests();
  await closeDbForTests();
  await ensureMigrated();
  await seedReportWeek(db());
  await sql`insert into telegram_links (email, tg_user_id, chat_id, username, kinds, linked_at) values ('anna@example.com', '501', '501', 'anna', '[]', '2026-11-01T00:00:00Z')`.execute(db());
  [smtp, tg] = await Promise.all([startSmtp(), startBotApiServer()]);
});

afterAll(async () => {
  await Promise.all([smtp?.close(), tg?.close()]);
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

describe("scheduled reports", () => {
  it("are due from the chosen weekday and hour in the person's zone, for last week", () => {
    const weekly = { cadence: "weekly" as const, day: 1, hour: 9 };
    expect(duePeriod(weekly, MONDAY_0800, TZ)).toBeNull();
    expect(duePeriod(weekly, MONDAY_0901, TZ)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    // Monthly on the 2nd at 10:00: November's report from 2 December 10:00 Moscow.
    const monthly = { cadence: "monthly" as const, day: 2, hour: 10 };
    expect(duePeriod(monthly, Date.parse("2026-12-02T06:59:00Z"), TZ)).toBeNull();
    expect(duePeriod(monthly, Date.parse("2026-12-02T07:00:00Z"), TZ)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
  });

  it("mail the PDF once through a real SMTP server, retried after a refusal, never twice", async () => {
    const s = await addSubscription(db(), "anna@example.com", { campaign_id: 10, cadence: "weekly", day: 1, hour: 9, by_email: true, by_telegram: false, locale: "ru" });
    let now = MONDAY_0800;
    const clock = () => now;
    await reportTick(deps("a", clock), now);
    expect(smtp.mails).toHaveLength(0);

    // The SMTP server refuses the first attempt: failed, waiting to be retried.
    now = MONDAY_0901;
    smtp.failing = true;
    await reportTick(deps("a", clock), now);
    const key = { subscription_id: s.id, period: "2026-11-16..2026-11-22", channel: "email" as const };
    expect(await deliveryOf(db(), key)).toMatchObject({ status: "failed", attempts: 1 });
    smtp.failing = false;
    // Before its wait is over nothing is sent; after it, one instance sends and the other (no lease) does not.
    await reportTick(deps("a", clock), now + 60_000);
    expect(smtp.mails).toHaveLength(0);
    now += 6 * 60_000;
    await Promise.all([reportTick(deps("a", clock), now), reportTick(deps("b", clock), now)]);
    expect(smtp.mails).toHaveLength(1);
    // The lease moves to another instance: the period is still sent, so it is not sent again.
    leases.clear();
    now += 3_600_000;
    await reportTick(deps("b", clock), now);
    expect(smtp.mails).toHaveLength(1);
    expect(await deliveryOf(db(), key)).toMatchObject({ status: "sent", attempts: 2 });

    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(["anna@example.com"]);
    expect(mail.subject).toBe("Отчёт: кампания «Весна», 16 ноября 2026 г. – 22 ноября 2026 г.");
    const text = pdfText(pdfOf(mail.raw));
    for (const s of ["Лайки", "45", "+125 %", "Первый пост недели", "Медиана от ожидания до решения", "1 ч 0 мин"]) expect(text).toContain(s);
  });

  it("send the charts as an album and the PDF to the person's Telegram chat through the Bot API server", async () => {
    await addSubscription(db(), "anna@example.com", { campaign_id: 10, cadence: "weekly", day: 1, hour: 9, by_email: false, by_telegram: true, locale: "en" });
    const before = tg.calls.length;
    await reportTick(deps("tg", () => MONDAY_0901 + 86_400_000 * 2), MONDAY_0901 + 86_400_000 * 2);
    await reportTick(deps("tg", () => MONDAY_0901 + 86_400_000 * 2), MONDAY_0901 + 86_400_000 * 2 + 60_000);
    const calls = tg.calls.slice(before);
    const album = calls.filter((c) => c.method === "sendMediaGroup");
    const docs = calls.filter((c) => c.method === "sendDocument");
    expect(album).toHaveLength(1);
    expect(docs).toHaveLength(1);
    const media = album[0]!.params.media as { type: string; media: string; caption?: string }[];
    expect(media.map((m) => m.type)).toEqual(["photo", "photo", "photo"]);
    expect(media[0]!.caption).toBe("Report: campaign “Весна”, November 16, 2026 – November 22, 2026");
    const first = album[0]!.params[media[0]!.media.replace("attach://", "")] as UploadedFile;
    expect(first.type).toBe("image/png");
    expect(first.data.subarray(1, 4).toString()).toBe("PNG");
    expect(String(album[0]!.params.chat_id)).toBe("501");
    const doc = docs[0]!.params.document as UploadedFile;
    expect(doc.filename).toBe("report-campaign-10-2026-11-16-2026-11-22.pdf");
    expect(pdfText(doc.data)).toContain("Five best posts");
  });

  it("wait for the mirror to hold every active campaign of the report, an hour at most from its first listing", async () => {
    // Campaign 40 (project 8) is listed ACTIVE at 09:00 but never mirrored: its project's report waits, campaign 20's does not.
    await keepCampaignProjects(db(), campaignProjectsOf({ campaigns: [{ id: 40, name: "Зима", project_id: 8, project_name: "Зимний", status: "ACTIVE" }, { id: 20, name: "Осень", project_id: 5, project_name: "Осенний проект", status: "ACTIVE" }] }), MONDAY_0901 - 60_000);
    leases.clear();
    await addSubscription(db(), "gleb@example.com", { campaign_id: null, project_id: 8, cadence: "weekly", day: 1, hour: 9, by_email: true, by_telegram: false, locale: "ru" });
    const mailsTo = () => smtp.mails.filter((m) => m.to[0] === "gleb@example.com");
    await reportTick(deps("w", () => MONDAY_0901), MONDAY_0901);
    await reportTick(deps("w", () => MONDAY_0901 + 58 * 60_000), MONDAY_0901 + 58 * 60_000);
    expect(mailsTo()).toHaveLength(0);
    // An hour after campaign 40 was first listed it is sent: a campaign that cannot be read must not hold it back forever.
    await reportTick(deps("w", () => MONDAY_0901 + 60 * 60_000), MONDAY_0901 + 60 * 60_000);
    expect(mailsTo()).toHaveLength(1);
  });

  it("mail a project's report with the project's figures: its campaigns' only", async () => {
    // Project 5 holds campaign 20 alone (likes 7); campaign 10 (likes 45) is another project's.
    await keepCampaignProjects(db(), campaignProjectsOf({ campaigns: [{ id: 20, name: "Осень", project_id: 5, project_name: "Осенний проект" }, { id: 10, name: "Весна", project_id: 6, project_name: "Весенний" }] }));
    await addSubscription(db(), "boris@example.com", { campaign_id: null, project_id: 5, cadence: "weekly", day: 1, hour: 9, by_email: true, by_telegram: false, locale: "ru" });
    const before = smtp.mails.length;
    const at = MONDAY_0901 + 86_400_000 * 3;
    await reportTick(deps("p", () => at), at);
    const mails = smtp.mails.slice(before).filter((m) => m.to[0] === "boris@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Отчёт: проект «Осенний проект», 16 ноября 2026 г. – 22 ноября 2026 г.");
    expect(mails[0]!.text).toContain("Лайки: 7 (—)");
    expect(mails[0]!.raw).toMatch(/filename="?report-project-5-2026-11-16-2026-11-22\.pdf/);
    expect(pdfText(pdfOf(mails[0]!.raw))).toContain("Отчёт: проект «Осенний проект»");
  });
});
