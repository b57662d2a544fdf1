import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/account/time-zone/route";
import { GET as getNotify, PUT as putNotify } from "@/app/api/account/notifications/route";
import { call, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { resetEnvForTests } from "@/lib/env";
import { listAuditEvents } from "@/lib/server/audit-events";

/*
 * A person's own time zone on the profile page, over a real database: the team's zone
 * (TEAM_TIME_ZONE) until they choose one, theirs after, kept apart from their notification settings.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ TEAM_TIME_ZONE: "Asia/Novosibirsk", SMTP_URL: undefined });
});
afterAll(async () => {
  await h.close();
  resetEnvForTests();
});

type View = { data: { time_zone: string | null; team_time_zone: string; effective: string } };

describe("a person's time zone", () => {
  it("is the team's until chosen, then theirs; a notification save keeps it; clearing goes back to the team's", async () => {
    const first = (await (await call(GET, "/api/account/time-zone", { role: "reviewer" })).json()) as View;
    expect(first.data).toEqual({ time_zone: null, team_time_zone: "Asia/Novosibirsk", effective: "Asia/Novosibirsk" });
    expect(await timeZoneOf("reviewer@example.com")).toBe("Asia/Novosibirsk");

    const saved = await call(POST, "/api/account/time-zone", { role: "reviewer", method: "POST", body: { time_zone: "Europe/Kaliningrad" } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as View).data.effective).toBe("Europe/Kaliningrad");
    expect(await timeZoneOf("reviewer@example.com")).toBe("Europe/Kaliningrad");
    // Another person still has the team's.
    expect(await timeZoneOf("editor@example.com")).toBe("Asia/Novosibirsk");

    // The notification settings live in the same row; saving them leaves the zone alone.
    const settings = ((await (await call(getNotify, "/api/account/notifications", { role: "reviewer" })).json()) as { data: { settings: unknown } }).data.settings;
    const put = await call(putNotify, "/api/account/notifications", { role: "reviewer", method: "POST", body: settings });
    expect(put.status).toBe(200);
    expect(await timeZoneOf("reviewer@example.com")).toBe("Europe/Kaliningrad");

    const cleared = await call(POST, "/api/account/time-zone", { role: "reviewer", method: "POST", body: { time_zone: null } });
    expect(((await cleared.json()) as View).data).toEqual({ time_zone: null, team_time_zone: "Asia/Novosibirsk", effective: "Asia/Novosibirsk" });

    const audited = (await listAuditEvents({ kinds: ["profile.time_zone"] })) as unknown;
    const items = (Array.isArray(audited) ? audited : (audited as { items: unknown[] }).items) as { actor_email: string }[];
    expect(items.map((i) => i.actor_email)).toEqual(["reviewer@example.com", "reviewer@example.com"]);
  });

  it("refuses a name that is not an IANA zone, and a request from another site", async () => {
    const bad = await call(POST, "/api/account/time-zone", { role: "editor", method: "POST", body: { time_zone: "Mars/Olympus" } });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toEqual({ code: "validation_error", message: "Недопустимый параметр time_zone: неверное значение" });
    // The envelope speaks the browser's language when the interface has not chosen one.
    const english = await call(POST, "/api/account/time-zone", { role: "editor", method: "POST", body: { time_zone: "Mars/Olympus" }, headers: { "accept-language": "en-GB,en;q=0.9" } });
    expect(await errorOf(english)).toEqual({ code: "validation_error", message: "Invalid parameter time_zone: invalid value" });
    const foreign = await call(POST, "/api/account/time-zone", { role: "editor", method: "POST", body: { time_zone: "UTC" }, headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(await timeZoneOf("editor@example.com")).toBe("Asia/Novosibirsk");
  });
});
