import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getSettingsRoute, PUT as putSettings } from "@/app/api/account/notifications/route";
import { GET as list } from "@/app/api/notifications/route";
import { POST as markRead } from "@/app/api/notifications/read/route";
import { GET as inbox } from "@/app/api/inbox/route";
import { admin, call, errorOf, fillMirrors, ROLES, startHarness, type Harness } from "@/app/api/_tests/harness";
import { resetEnvForTests } from "@/lib/env";
import { DEFAULT_NOTIFY_SETTINGS, type NotificationList, type NotifySettings } from "@/lib/schemas/notify";
import { listAuditEvents } from "@/lib/server/audit-events";
import { resetInboxForTests } from "@/lib/server/inbox";
import { notify } from "@/lib/server/notify";
import { notifyConfigFromEnv, notifyTick, startNotifications, stopNotifications } from "@/lib/server/notify/runtime";
import { addNotification } from "@/lib/server/notify/store";
import { eventually } from "@/test/eventually";

/*
 * The notification routes with every role, over a real database and the
 * simulator (the harness), and the deadline check fed by the real inbox.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ DEMO: "1", SMTP_URL: undefined });
});
afterAll(async () => {
  stopNotifications();
  resetInboxForTests();
  await h.close();
});

const settingsWithEmail: NotifySettings = { ...DEFAULT_NOTIFY_SETTINGS, kinds: { ...DEFAULT_NOTIFY_SETTINGS.kinds, mention: { in_app: true, email: true } } };
const auditItems = async () => {
  const listed = (await listAuditEvents({ kinds: ["notify.settings"] })) as unknown;
  return (Array.isArray(listed) ? listed : (listed as { items: unknown[] }).items) as { actor_email: string; role: string; kind: string; detail: string | null }[];
};

describe("every signed-in role has its own notifications and settings", () => {
  for (const role of ROLES) {
    it(`${role}: lists only their own items, marks them read, and saves settings (audited)`, async () => {
      const own = await addNotification({ email: `${role}@example.com`, kind: "mention", task_id: 11, actor_name: "Кто-то", detail: { excerpt: "привет" } });
      const other = await addNotification({ email: `someone-else-${role}@example.com`, kind: "mention", task_id: 12 });

      const res = await call(list, "/api/notifications", { role });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: NotificationList; meta: { stale: boolean } };
      expect(body.data.items.map((i) => i.id)).toEqual([own]);
      expect(body.data.unread).toBe(1);
      expect(body.meta.stale).toBe(false);

      // Another person's id is not theirs to mark.
      const foreign = await call(markRead, "/api/notifications/read", { role, method: "POST", body: { ids: [other] } });
      expect(foreign.status).toBe(200);
      expect(((await foreign.json()) as { data: { changed: number; unread: number } }).data).toEqual({ changed: 0, unread: 1 });
      const mine = await call(markRead, "/api/notifications/read", { role, method: "POST", body: { all: true } });
      expect(((await mine.json()) as { data: { changed: number; unread: number } }).data).toEqual({ changed: 1, unread: 0 });

      const got = await call(getSettingsRoute, "/api/account/notifications", { role });
      expect(got.status).toBe(200);
      expect(((await got.json()) as { data: unknown }).data).toEqual({ settings: DEFAULT_NOTIFY_SETTINGS, email_available: false });

      const next: NotifySettings = { ...DEFAULT_NOTIFY_SETTINGS, due_hours: 6, locale: "en" };
      const saved = await call(putSettings, "/api/account/notifications", { role, method: "PUT" as never, body: next });
      expect(saved.status).toBe(200);
      const again = await call(getSettingsRoute, "/api/account/notifications", { role });
      expect(((await again.json()) as { data: { settings: NotifySettings } }).data.settings).toEqual(next);
      const audited = (await auditItems()).filter((a) => a.actor_email === `${role}@example.com`);
      expect(audited).toHaveLength(1);
      expect(audited[0]).toMatchObject({ role, kind: "notify.settings" });
    });
  }
});

describe("refusals, in the one envelope", () => {
  it("401 without a session on every route", async () => {
    for (const [handler, url, method] of [
      [list, "/api/notifications", "GET"],
      [markRead, "/api/notifications/read", "POST"],
      [getSettingsRoute, "/api/account/notifications", "GET"],
      [putSettings, "/api/account/notifications", "PUT"],
    ] as const) {
      const res = await call(handler, url, { method: method as never, body: method === "GET" ? undefined : { all: true } });
      expect(res.status, url).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
  });

  it("400 for malformed input, and e-mail refused while no SMTP server is configured", async () => {
    const badQuery = await call(list, "/api/notifications?limit=0", { role: "editor" });
    expect(badQuery.status).toBe(400);
    expect((await errorOf(badQuery)).code).toBe("validation_error");
    const badMark = await call(markRead, "/api/notifications/read", { role: "editor", method: "POST", body: { ids: [] } });
    expect((await errorOf(badMark)).code).toBe("validation_error");
    const badHours = await call(putSettings, "/api/account/notifications", { role: "editor", method: "PUT" as never, body: { ...DEFAULT_NOTIFY_SETTINGS, due_hours: 0 } });
    expect(badHours.status).toBe(400);
    const noSmtp = await call(putSettings, "/api/account/notifications", { role: "reviewer", method: "PUT" as never, body: settingsWithEmail });
    expect(noSmtp.status).toBe(400);
    expect((await errorOf(noSmtp)).message).toMatch(/SMTP_URL/);
  });

  it("403 for a write from another site", async () => {
    const res = await call(putSettings, "/api/account/notifications", { role: "admin", method: "PUT" as never, body: DEFAULT_NOTIFY_SETTINGS, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("cross_site");
    const mark = await call(markRead, "/api/notifications/read", { role: "admin", method: "POST", body: { all: true }, headers: { origin: "https://evil.example" } });
    expect(mark.status).toBe(403);
  });

  it("takes e-mail choices once SMTP_URL is set", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:2525";
    resetEnvForTests();
    try {
      const res = await call(putSettings, "/api/account/notifications", { role: "manager", method: "PUT" as never, body: settingsWithEmail });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { email_available: boolean } }).data.email_available).toBe(true);
    } finally {
      delete process.env.SMTP_URL;
      resetEnvForTests();
    }
  });
});

describe("notify() reaches the person through the registered sink", () => {
  it("a share-link decision shows in its creator's bell", async () => {
    startNotifications();
    notify({ kind: "share_decision", task_id: 99, link_id: "abc", external_name: "Клиент", action: "approve", link_creator: "editor@example.com" });
    await eventually(async () => {
      const res = await call(list, "/api/notifications", { role: "editor" });
      return ((await res.json()) as { data: NotificationList }).data.items.some((i) => i.task_id === 99 && i.kind === "share_decision");
    });
  });
});

describe("deadline notices come from the mirrored campaigns in the database, with no upstream call of their own", () => {
  it("tells the demo editor and admin about waiting posts due within their hours, once", async () => {
    // A wide window so the seeded world surely has waiting posts inside it.
    for (const role of ["editor", "admin"] as const) {
      await call(putSettings, "/api/account/notifications", { role, method: "PUT" as never, body: { ...DEFAULT_NOTIFY_SETTINGS, due_hours: 48 } });
    }
    resetInboxForTests();
    // The scheduler's fill of a fresh install (the inbox itself only lists what is filled).
    await fillMirrors();
    const r = await call(inbox, "/api/inbox", { role: "editor" });
    expect(r.status).toBe(200);
    await admin(h.simUrl, "stats/reset", {});
    const calls = async () => ((await (await admin(h.simUrl, "stats")).json()) as { total: number }).total;

    // The minute job may run on another instance, where nobody opened the inbox: it reads the mirrors in the database.
    resetInboxForTests();
    await notifyTick(notifyConfigFromEnv());
    const deadlineItems = async (role: "editor" | "admin" | "reviewer") =>
      ((await (await call(list, "/api/notifications?limit=100", { role })).json()) as { data: NotificationList }).data.items.filter((i) => i.kind === "deadline");
    const editorItems = await deadlineItems("editor");
    expect(editorItems.length).toBeGreaterThan(0);
    expect((await deadlineItems("admin")).length).toBe(editorItems.length);
    expect(await deadlineItems("reviewer")).toEqual([]); // reviewers cannot decide
    expect(editorItems.every((i) => i.detail.hours === 48 && typeof i.detail.planned_at === "string")).toBe(true);

    await notifyTick(notifyConfigFromEnv());
    expect((await deadlineItems("editor")).length).toBe(editorItems.length);
    expect(await calls()).toBe(0);
  });
});
