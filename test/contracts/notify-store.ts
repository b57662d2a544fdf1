import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { teamTimeZone } from "@/lib/server/profile/request-zone";
import { resetEnvForTests } from "@/lib/env";
import type { DashboardEvent } from "@/lib/events/schema";
import { DEFAULT_NOTIFY_SETTINGS, type NotifySettings } from "@/lib/schemas/notify";
import { recordDecision, type AuditEntry } from "@/lib/server/audit";
import { closeDbForTests, db, ensureMigrated, type DatabaseKind } from "@/lib/server/db";
import { checkDeadlines, WEBHOOK_MARK_EMAIL } from "@/lib/server/notify/deadline";
import { runDigests, DIGEST_EVERY_MS } from "@/lib/server/notify/digest";
import { handleNotifyEvent, type NotifyConfig } from "@/lib/server/notify/dispatch";
import { closeMailerForTests, smtpMailer } from "@/lib/server/notify/mailer";
import { getSettings, getSettingsMany, saveSettings } from "@/lib/server/notify/settings";
import { addNotification, claimMark, KEEP_MS, listNotifications, markRead, pruneNotifications, unreadCount } from "@/lib/server/notify/store";
import { isoInZone } from "@/lib/time/zone";
import { eventually } from "@/test/eventually";
import { startSmtp, startWebhookReceiver, type TestReceiver, type TestSmtp } from "@/test/servers/notify-receivers";

/*
 * What notifications rely on from the database, run against SQLite and
 * Postgres alike (store.sqlite.test.ts, store.postgres.test.ts), with a real
 * SMTP server and a real webhook receiver where mail and hooks are involved.
 */

export type NotifyStoreTarget = { kind: DatabaseKind; freshDatabase: () => Promise<string> };

const BASE = "https://dash.example.test";
const SECRET = "hook-secret-0123456789abcdef";
const HOUR = 3_600_000;
const T0 = new Date("2026-11-20T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

function withEmail(s: NotifySettings, on: boolean): NotifySettings {
  const c = (k: keyof NotifySettings["kinds"]) => ({ ...s.kinds[k], email: on });
  return { ...s, kinds: { deadline: c("deadline"), mention: c("mention"), changes_requested: c("changes_requested"), share_decision: c("share_decision"), decision_settled: c("decision_settled"), wrong_version: c("wrong_version") } };
}

function approval(over: Partial<AuditEntry>): AuditEntry {
  return {
    at: T0.toISOString(), user_email: "anna@example.com", user_name: "Анна", role: "editor", task_id: 1, campaign_id: 10, version_number: 1,
    version_seen: 1, action: "approve", reason: null, reason_category: null, note: null, source: "single", status_after: "APPROVED",
    result: "approved_now", error_code: null, http_status: 200, duration_ms: 5, ...over,
  } as AuditEntry;
}

function useFreshDatabase(target: NotifyStoreTarget): void {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "notify-contract-"));
    process.env.DATABASE_URL = await target.freshDatabase();
    process.env.AUDIT_FALLBACK_FILE = path.join(dir, "fallback.jsonl");
    resetEnvForTests();
    await closeDbForTests();
    await ensureMigrated();
  });
  afterAll(async () => {
    await closeDbForTests();
    rmSync(dir, { recursive: true, force: true });
  });
}

export function describeNotifyStoreContract(name: string, target: NotifyStoreTarget): void {
  describe(`${name}: notification settings and the in-app list`, () => {
    useFreshDatabase(target);

    it("gives the defaults to someone who never chose, and keeps a choice (upsert, any case of email)", async () => {
      expect(await getSettings("nobody@example.com")).toEqual(DEFAULT_NOTIFY_SETTINGS);
      const mine: NotifySettings = { ...withEmail(DEFAULT_NOTIFY_SETTINGS, true), due_hours: 5, locale: "en" };
      await saveSettings("Vera@Example.com", mine);
      expect(await getSettings("vera@example.com")).toEqual(mine);
      await saveSettings("vera@example.com", { ...mine, due_hours: 3 });
      expect((await getSettings("VERA@example.com")).due_hours).toBe(3);
      const many = await getSettingsMany(["vera@example.com", "nobody@example.com"]);
      expect(many.get("vera@example.com")?.due_hours).toBe(3);
      expect(many.get("nobody@example.com")).toEqual(DEFAULT_NOTIFY_SETTINGS);
    });

    it("lists a person's own items newest first, counts unread, and marks only their own read", async () => {
      const a1 = await addNotification({ email: "a@example.com", kind: "mention", task_id: 5, actor_name: "Б", detail: { excerpt: "см." } }, at(1));
      const a2 = await addNotification({ email: "a@example.com", kind: "deadline", task_id: 6, campaign_id: 2 ** 40, detail: { hours: 2 } }, at(2));
      const b1 = await addNotification({ email: "b@example.com", kind: "mention", task_id: 5 }, at(3));
      const list = await listNotifications("a@example.com", { limit: 10 });
      expect(list.map((i) => i.id)).toEqual([a2, a1]);
      expect(list[0]).toMatchObject({ kind: "deadline", campaign_id: 2 ** 40, detail: { hours: 2 }, read_at: null });
      expect(list[1]).toMatchObject({ actor_name: "Б", detail: { excerpt: "см." } });
      expect(await unreadCount("a@example.com")).toBe(2);

      expect(await markRead("a@example.com", { ids: [a1, b1] })).toBe(1); // b1 is someone else's
      expect(await unreadCount("a@example.com")).toBe(1);
      expect(await unreadCount("b@example.com")).toBe(1);
      expect((await listNotifications("a@example.com", { limit: 10, unreadOnly: true })).map((i) => i.id)).toEqual([a2]);
      expect(await markRead("a@example.com", { all: true })).toBe(1);
      expect(await unreadCount("a@example.com")).toBe(0);
      expect(await unreadCount("b@example.com")).toBe(1);
    });

    it("gives a once-only mark to exactly one of many racing claims", async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => claimMark("a@example.com", 77, "deadline:2h")));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await claimMark("a@example.com", 77, "deadline:2h")).toBe(false);
      expect(await claimMark("a@example.com", 77, "deadline:3h")).toBe(true); // another threshold
      expect(await claimMark("b@example.com", 77, "deadline:2h")).toBe(true); // another person
    });
  });

  describe(`${name}: pruning`, () => {
    useFreshDatabase(target);
    it("drops read items and marks past the keeping time, never an unread item", async () => {
      const old = at(-KEEP_MS - HOUR);
      const readOld = await addNotification({ email: "p@example.com", kind: "mention", task_id: 1 }, old);
      const unreadOld = await addNotification({ email: "p@example.com", kind: "mention", task_id: 2 }, old);
      const readNew = await addNotification({ email: "p@example.com", kind: "mention", task_id: 3 }, at(0));
      await markRead("p@example.com", { ids: [readOld] }, old);
      await markRead("p@example.com", { ids: [readNew] }, at(0));
      await claimMark("p@example.com", 1, "deadline:2h", old);
      await claimMark("p@example.com", 3, "deadline:2h", at(0));
      expect(await pruneNotifications(at(0))).toBe(2);
      expect((await listNotifications("p@example.com", { limit: 10 })).map((i) => i.id).sort((a, b) => a - b)).toEqual([unreadOld, readNew].sort((a, b) => a - b));
      expect(await claimMark("p@example.com", 1, "deadline:2h", at(0))).toBe(true); // forgotten
      expect(await claimMark("p@example.com", 3, "deadline:2h", at(0))).toBe(false); // kept
    });
  });

  describe(`${name}: who is told what`, () => {
    useFreshDatabase(target);
    const published: DashboardEvent[] = [];
    let receiver: TestReceiver;
    let hooksDone = 0;
    const config = (): NotifyConfig => ({
      emailAvailable: true,
      baseUrl: BASE,
      publish: (e) => published.push(e),
      webhook: { url: receiver.url, secret: SECRET },
      onWebhook: () => void hooksDone++,
    });

    beforeAll(async () => {
      receiver = await startWebhookReceiver(SECRET);
    });
    afterAll(() => receiver.close());

    it("tells the people who approved a post that changes were requested, not the reviewer, not failed approvals", async () => {
      await recordDecision(approval({ task_id: 300, user_email: "anna@example.com" }));
      await recordDecision(approval({ task_id: 300, user_email: "boris@example.com", user_name: "Борис" }));
      await recordDecision(approval({ task_id: 300, user_email: "failed@example.com", result: null, error_code: "conflict", http_status: 409 }));
      await recordDecision(approval({ task_id: 300, user_email: "rita@example.com", action: "reject", reason: "r" }));
      await saveSettings("boris@example.com", withEmail(DEFAULT_NOTIFY_SETTINGS, true));

      await handleNotifyEvent({ kind: "changes_requested", task_id: 300, campaign_id: 10, by: { email: "Anna@example.com", name: "Анна" }, version: 2, note: "Смягчите тон" }, config(), at(0));

      expect(await unreadCount("boris@example.com")).toBe(1);
      expect(await unreadCount("anna@example.com")).toBe(0); // she asked for the changes herself
      expect(await unreadCount("failed@example.com")).toBe(0);
      expect(await unreadCount("rita@example.com")).toBe(0);
      const [item] = await listNotifications("boris@example.com", { limit: 5 });
      expect(item).toMatchObject({ kind: "changes_requested", task_id: 300, actor_name: "Анна", detail: { version: 2, note: "Смягчите тон" } });
      expect(published).toContainEqual({ type: "notification", to: "boris@example.com", unread: 1 });
      const queued = await db().selectFrom("notify_digest").selectAll().where("email", "=", "boris@example.com").execute();
      expect(queued).toHaveLength(1);

      await eventually(() => hooksDone >= 1);
      expect(receiver.hooks).toHaveLength(1);
      expect(receiver.hooks[0]).toMatchObject({ signatureOk: true, body: { type: "notification", kind: "changes_requested", task_id: 300, url: `${BASE}/posts/300` } });
      expect(Number(receiver.hooks[0]?.timestamp)).toBe(Math.floor(T0.getTime() / 1000));
      // The team's wall clock with its zone's offset, as the CSVs write times; not UTC's Z.
      expect(receiver.hooks[0]?.body).toMatchObject({ sent_at: isoInZone(T0, teamTimeZone()) });
      expect(String((receiver.hooks[0]?.body as { sent_at?: string }).sent_at)).toMatch(/T\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    });

    it("tells mentioned people and the share link's creator through the channels they chose", async () => {
      const offInApp: NotifySettings = { ...DEFAULT_NOTIFY_SETTINGS, kinds: { ...DEFAULT_NOTIFY_SETTINGS.kinds, mention: { in_app: false, email: false } } };
      await saveSettings("quiet@example.com", offInApp);
      await handleNotifyEvent(
        { kind: "mention", to: ["Gleb@example.com", "quiet@example.com", "author@example.com"], task_id: 301, by: { email: "author@example.com", name: "Автор" }, comment_id: 9, excerpt: "@gleb глянь" },
        config(),
      );
      expect(await unreadCount("gleb@example.com")).toBe(1);
      expect(await unreadCount("quiet@example.com")).toBe(0);
      expect(await unreadCount("author@example.com")).toBe(0);

      await handleNotifyEvent({ kind: "share_decision", task_id: 302, link_id: "l1", external_name: "Клиент Иван", action: "reject", link_creator: "maker@example.com" }, config());
      const [item] = await listNotifications("maker@example.com", { limit: 5 });
      expect(item).toMatchObject({ kind: "share_decision", actor_name: "Клиент Иван", detail: { action: "reject" } });
      // Each event also went to the team's webhook once (not once per person).
      await eventually(() => hooksDone >= 3);
      expect(receiver.hooks.map((h) => (h.body as { kind: string }).kind)).toEqual(["changes_requested", "mention", "share_decision"]);
      const texts = receiver.hooks.map((h) => (h.body as { text: string }).text);
      expect(texts[0]).toBe("Анна запросил(а) правки в посте #300 (одобрил(и): boris@example.com)");
      expect(texts[1]).toBe("Автор упомянул(а) gleb@example.com, quiet@example.com в комментарии к посту #301");
    });

    it("warns each decider once per post and threshold, from the inbox's waiting posts", async () => {
      await saveSettings("ed@example.com", { ...DEFAULT_NOTIFY_SETTINGS, due_hours: 3 });
      const posts = [
        { task_id: 401, campaign_id: 1, planned_ms: at(1 * HOUR).getTime() },
        { task_id: 402, campaign_id: 1, planned_ms: at(2.5 * HOUR).getTime() },
        { task_id: 403, campaign_id: 1, planned_ms: at(10 * HOUR).getTime() },
        { task_id: 404, campaign_id: 1, planned_ms: at(-HOUR).getTime() }, // already past
      ];
      const hooksBefore = receiver.hooks.length;
      const doneBefore = hooksDone;
      // ed chose 3 hours; admin has the default 2.
      expect(await checkDeadlines(posts, ["ed@example.com", "admin@example.com"], config(), T0)).toBe(3);
      const ids = async (email: string) => (await listNotifications(email, { limit: 10 })).map((i) => i.task_id).sort();
      expect(await ids("ed@example.com")).toEqual([401, 402]);
      expect(await ids("admin@example.com")).toEqual([401]);

      // The same minute again, or on another instance: nobody is told twice.
      expect(await checkDeadlines(posts, ["ed@example.com", "admin@example.com"], config(), at(60_000))).toBe(0);
      // An hour later 402 enters admin's 2 hours.
      expect(await checkDeadlines(posts, ["ed@example.com", "admin@example.com"], config(), at(HOUR - 60_000))).toBe(1);
      expect(await ids("admin@example.com")).toEqual([401, 402]);
      // A new threshold is a new notice.
      await saveSettings("ed@example.com", { ...DEFAULT_NOTIFY_SETTINGS, due_hours: 12 });
      expect(await checkDeadlines(posts, ["ed@example.com"], config(), at(HOUR - 60_000))).toBe(3);

      // The team's webhook: one per post within the default 2 hours.
      await eventually(() => hooksDone - doneBefore >= 2);
      const hooked = receiver.hooks.slice(hooksBefore).map((h) => (h.body as { task_id: number; kind: string }).task_id).sort();
      expect(hooked).toEqual([401, 402]);
      expect(receiver.hooks.slice(hooksBefore).every((h) => h.signatureOk)).toBe(true);
      expect(await claimMark(WEBHOOK_MARK_EMAIL, 401, "deadline:2h")).toBe(false);
    });
  });

  describe(`${name}: e-mail digests through a real SMTP server`, () => {
    useFreshDatabase(target);
    let smtp: TestSmtp;
    const queueFor = (email: string, task: number, when: Date) =>
      handleNotifyEvent({ kind: "share_decision", task_id: task, link_id: "l", external_name: "Гость", action: "approve", link_creator: email }, { emailAvailable: true, baseUrl: BASE }, when);

    beforeAll(async () => {
      smtp = await startSmtp();
      await saveSettings("ru@example.com", withEmail(DEFAULT_NOTIFY_SETTINGS, true));
      await saveSettings("en@example.com", { ...withEmail(DEFAULT_NOTIFY_SETTINGS, true), locale: "en" });
    });
    afterAll(async () => {
      closeMailerForTests();
      await smtp.close();
    });
    afterEach(() => {
      smtp.failing = false;
    });

    it("mails one digest per person in their language, with a link to each post, then waits 15 minutes", async () => {
      await queueFor("ru@example.com", 501, at(0));
      await queueFor("ru@example.com", 502, at(1000));
      await queueFor("en@example.com", 503, at(2000));
      const mailer = smtpMailer(smtp.url, "Dashboard <dash@example.test>");
      const run = await runDigests({ mailer, baseUrl: BASE, now: at(60_000) });
      expect(run.sent.sort()).toEqual(["en@example.com", "ru@example.com"]);
      expect(smtp.mails).toHaveLength(2);
      const ru = smtp.mails.find((m) => m.to.includes("ru@example.com"));
      const en = smtp.mails.find((m) => m.to.includes("en@example.com"));
      expect(ru?.subject).toMatch(/^2 новых уведомления/);
      expect(ru?.text).toContain(`${BASE}/posts/501`);
      expect(ru?.text).toContain(`${BASE}/posts/502`);
      expect(ru?.text).toContain("Гость одобрил(а) пост #501 по гостевой ссылке");
      expect(ru?.html).toContain(`href="${BASE}/posts/502"`);
      expect(en?.subject).toMatch(/^1 new notification/);
      expect(en?.text).toContain("Гость approved post #503 through a share link");

      // Something new 5 minutes later waits for the 15 minutes to pass.
      await queueFor("ru@example.com", 504, at(5 * 60_000));
      expect((await runDigests({ mailer, baseUrl: BASE, now: at(6 * 60_000) })).sent).toEqual([]);
      expect(smtp.mails).toHaveLength(2);
      const run3 = await runDigests({ mailer, baseUrl: BASE, now: at(60_000 + DIGEST_EVERY_MS) });
      expect(run3.sent).toEqual(["ru@example.com"]);
      expect(smtp.mails[2]?.text).toContain(`${BASE}/posts/504`);
      expect(smtp.mails[2]?.text).not.toContain(`${BASE}/posts/501`); // sent items are not repeated
    });

    it("never mails a person twice when two instances run the digest at once", async () => {
      await queueFor("ru@example.com", 601, at(HOUR));
      await queueFor("en@example.com", 602, at(HOUR));
      const before = smtp.mails.length;
      const mailer = smtpMailer(smtp.url, "Dashboard <dash@example.test>");
      const [a, b] = await Promise.all([
        runDigests({ mailer, baseUrl: BASE, now: at(HOUR + 60_000), owner: "instance-a" }),
        runDigests({ mailer, baseUrl: BASE, now: at(HOUR + 60_000), owner: "instance-b" }),
      ]);
      expect([...a.sent, ...b.sent].sort()).toEqual(["en@example.com", "ru@example.com"]);
      expect(smtp.mails.length - before).toBe(2);
    });

    it("keeps the items when the SMTP server refuses, and sends them on a later attempt", async () => {
      await queueFor("en@example.com", 701, at(2 * HOUR));
      const mailer = smtpMailer(smtp.url, "Dashboard <dash@example.test>");
      smtp.failing = true;
      const failed = await runDigests({ mailer, baseUrl: BASE, now: at(2 * HOUR + 60_000) });
      expect(failed).toEqual({ sent: [], failed: ["en@example.com"] });
      const pending = await db().selectFrom("notify_digest").select("task_id").where("sent_at", "is", null).execute();
      expect(pending.map((p) => p.task_id)).toEqual([701]);
      smtp.failing = false;
      // Backed off for a while, then sent.
      expect((await runDigests({ mailer, baseUrl: BASE, now: at(2 * HOUR + 2 * 60_000) })).sent).toEqual([]);
      const before = smtp.mails.length;
      expect((await runDigests({ mailer, baseUrl: BASE, now: at(2 * HOUR + 10 * 60_000) })).sent).toEqual(["en@example.com"]);
      expect(smtp.mails.length - before).toBe(1);
      expect(smtp.mails.at(-1)?.text).toContain(`${BASE}/posts/701`);
    });

    it("queues nothing for e-mail when the server has no SMTP", async () => {
      await handleNotifyEvent({ kind: "share_decision", task_id: 801, link_id: "l", external_name: "Гость", action: "approve", link_creator: "ru@example.com" }, { emailAvailable: false, baseUrl: BASE });
      const queued = await db().selectFrom("notify_digest").select("task_id").where("task_id", "=", 801).execute();
      expect(queued).toEqual([]);
      expect((await listNotifications("ru@example.com", { limit: 1 }))[0]?.task_id).toBe(801); // in-app still
    });
  });
}
