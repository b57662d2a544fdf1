import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/account/landing/route";
import { POST as postTimeZone } from "@/app/api/account/time-zone/route";
import { call, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { resetEnvForTests } from "@/lib/env";
import { listAuditEvents } from "@/lib/server/audit-events";

/*
 * The page a person lands on after signing in, chosen on the profile page, over a real database:
 * their role's until they choose (a reviewer: the inbox's posts needing their verdict), theirs after.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  resetEnvForTests();
});

type View = { data: { landing: string | null; role_default: string; path: string } };
const view = async (res: Response) => ((await res.json()) as View).data;

describe("a person's landing page", () => {
  it("is the role's until chosen, then the person's own; clearing goes back to the role's", async () => {
    expect(await view(await call(GET, "/api/account/landing", { role: "reviewer" }))).toEqual({ landing: null, role_default: "inbox_mine", path: "/inbox?verdict=mine" });
    expect(await view(await call(GET, "/api/account/landing", { role: "editor" }))).toEqual({ landing: null, role_default: "inbox", path: "/inbox" });
    expect((await view(await call(GET, "/api/account/landing", { role: "manager" }))).path).toBe("/");

    const saved = await call(POST, "/api/account/landing", { role: "reviewer", method: "POST", body: { landing: "calendar" } });
    expect(saved.status).toBe(200);
    expect(await view(saved)).toEqual({ landing: "calendar", role_default: "inbox_mine", path: "/calendar" });
    expect((await view(await call(GET, "/api/account/landing", { role: "reviewer" }))).path).toBe("/calendar");
    // Another person keeps their role's.
    expect((await view(await call(GET, "/api/account/landing", { role: "editor" }))).path).toBe("/inbox");
    // The time zone lives in the same row; saving it leaves the landing alone.
    expect((await call(postTimeZone, "/api/account/time-zone", { role: "reviewer", method: "POST", body: { time_zone: "UTC" } })).status).toBe(200);
    expect((await view(await call(GET, "/api/account/landing", { role: "reviewer" }))).landing).toBe("calendar");

    const cleared = await call(POST, "/api/account/landing", { role: "reviewer", method: "POST", body: { landing: null } });
    expect(await view(cleared)).toEqual({ landing: null, role_default: "inbox_mine", path: "/inbox?verdict=mine" });

    const audited = (await listAuditEvents({ kinds: ["profile.landing"] })) as unknown;
    const items = (Array.isArray(audited) ? audited : (audited as { items: unknown[] }).items) as { actor_email: string; detail: unknown }[];
    expect(items.map((i) => i.actor_email)).toEqual(["reviewer@example.com", "reviewer@example.com"]);
  });

  it("refuses a page that is not offered, a missing field, and a request from another site", async () => {
    const bad = await call(POST, "/api/account/landing", { role: "editor", method: "POST", body: { landing: "reports" } });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatchObject({ code: "validation_error", message: expect.stringContaining("landing") });
    const missing = await call(POST, "/api/account/landing", { role: "editor", method: "POST", body: {} });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).code).toBe("validation_error");
    const foreign = await call(POST, "/api/account/landing", { role: "editor", method: "POST", body: { landing: "queue" }, headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect((await view(await call(GET, "/api/account/landing", { role: "editor" }))).landing).toBeNull();
  });

  it("is only the signed-in person's", async () => {
    const anon = await call(GET, "/api/account/landing", {});
    expect(anon.status).toBe(401);
  });
});
