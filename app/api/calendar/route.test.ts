import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as calendar } from "@/app/api/calendar/route";
import { admin, call, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { calendarKind, dayOfInstant } from "@/lib/analytics/calendar";
import { calendarDay, shiftDay } from "@/lib/analytics/dates";
import { Calendar } from "@/lib/schemas/calendar";
import { saveOwnTimeZone } from "@/lib/server/profile/time-zone";
import { resetServiceForTests, service } from "@/lib/server/upstream-service";

/**
 * GET /api/calendar against the real simulator (frozen world time): the
 * calendar must show exactly the upstream's own dated posts of every active
 * or frozen campaign in the range, on their Moscow days, with the schedules'
 * slots, and a second look must cost the upstream nothing.
 */
type SimPost = { task_id: number; campaign_id: number; status: string; published_at: string | null };
type SimSchedule = { id: number; schedule_type: string; time: string; interval_days?: number; anchor_date?: string };

let h: Harness;
const today = calendarDay(new Date());
const from = shiftDay(today, -20);
const to = shiftDay(today, 20);

async function sim<T>(path: string): Promise<T> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/${path}`, { headers: { Authorization: "Bearer demo-key" } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function upstreamPosts(campaignId: number): Promise<SimPost[]> {
  const out: SimPost[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await sim<{ total: number; posts: SimPost[] }>(`campaigns/${campaignId}/posts/?limit=100&offset=${offset}`);
    out.push(...page.posts);
    if (page.posts.length === 0 || out.length >= page.total) return out;
  }
}

const upstreamCalls = async () => ((await (await admin(h.simUrl, "stats")).json()) as { total: number }).total;

async function get(query: string, role: "editor" | "reviewer" | "manager" | "admin" = "manager") {
  const res = await call(calendar, `/api/calendar${query}`, { role });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: unknown; meta: { stale: boolean } };
  return { data: Calendar.parse(body.data), meta: body.meta };
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe("GET /api/calendar", () => {
  it("shows exactly the upstream's dated posts of active and frozen campaigns in the range, on their Moscow days", async () => {
    const { data, meta } = await get(`?from=${from}&to=${to}`);
    expect(meta.stale).toBe(false);
    const { campaigns } = await sim<{ campaigns: { id: number }[] }>("campaigns/?status=ACTIVE,FROZEN");
    expect(data.campaigns.map((c) => c.id).sort()).toEqual(campaigns.map((c) => c.id).sort());

    const expected = (await Promise.all(campaigns.map((c) => upstreamPosts(c.id))))
      .flat()
      .filter((p) => p.published_at && dayOfInstant(p.published_at) >= from && dayOfInstant(p.published_at) <= to);
    expect(expected.some((p) => calendarKind(p.status) === "planned")).toBe(true);
    expect(expected.some((p) => calendarKind(p.status) === "published")).toBe(true);
    expect(data.posts.map((p) => p.task_id).sort((a, b) => a - b)).toEqual(expected.map((p) => p.task_id).sort((a, b) => a - b));
    for (const p of data.posts) {
      const up = expected.find((e) => e.task_id === p.task_id)!;
      expect(p.at).toBe(up.published_at);
      expect(p.day).toBe(dayOfInstant(up.published_at!));
      expect(p.kind).toBe(calendarKind(up.status));
      expect(p.status).toBe(up.status);
    }
    // Canceled posts are not on the calendar (the upstream's default list leaves them out).
    expect(data.posts.some((p) => p.status === "CANCELED")).toBe(false);
  });

  it("lays each campaign's schedules out as slots on the right days", async () => {
    const { data } = await get(`?from=${from}&to=${to}`);
    const days = 41;
    for (const c of data.campaigns) {
      const { schedules } = await sim<{ schedules: SimSchedule[] }>(`campaigns/${c.id}/schedules/`);
      expect(c.schedules.map((s) => s.id).sort()).toEqual(schedules.map((s) => s.id).sort());
      for (const s of schedules) {
        const slots = data.slots.filter((x) => x.campaign_id === c.id && x.schedule_id === s.id);
        expect(slots.every((x) => x.time === s.time && dayOfInstant(x.at) === x.day)).toBe(true);
        if (s.schedule_type === "DAILY") expect(slots).toHaveLength(days);
        if (s.schedule_type === "WEEKLY") expect(slots.length).toBeGreaterThanOrEqual(5);
        if (s.schedule_type === "EVERY_N_DAYS" && s.anchor_date && s.anchor_date <= from) {
          expect(slots.every((x) => Math.round((Date.parse(x.day) - Date.parse(s.anchor_date!)) / 86_400_000) % s.interval_days! === 0)).toBe(true);
        }
      }
    }
    // A slot says it is taken only with a post of its campaign at it or within the hour after it…
    const filled = data.slots.filter((s) => s.filled);
    expect(filled.length).toBeGreaterThan(0);
    for (const s of filled) {
      const t = Date.parse(s.at);
      expect(data.posts.some((p) => p.campaign_id === s.campaign_id && Date.parse(p.at) >= t && Date.parse(p.at) - t < 3_600_000)).toBe(true);
    }
    // …and a post planned exactly on a slot always takes it.
    for (const p of data.posts.filter((x) => x.kind === "planned")) {
      const slot = data.slots.find((s) => s.campaign_id === p.campaign_id && Date.parse(s.at) === Date.parse(p.at));
      if (slot) expect(slot.filled, `slot of post ${p.task_id}`).toBe(true);
    }
  });

  it("counts days and slot times in the person's own time zone (Asia/Novosibirsk, Moscow + 4 h)", async () => {
    const zone = "Asia/Novosibirsk";
    await saveOwnTimeZone("manager@example.com", zone);
    try {
      const { data } = await get(`?from=${from}&to=${to}`);
      expect(data.time_zone).toBe(zone);
      expect(data.posts.length).toBeGreaterThan(0);
      for (const p of data.posts) expect(p.day).toBe(dayOfInstant(p.at, zone));
      expect(data.slots.length).toBeGreaterThan(0);
      for (const slot of data.slots) {
        expect(slot.day).toBe(dayOfInstant(slot.at, zone));
        expect(slot.time).toBe(new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(slot.at)));
      }
      // A post late in a Moscow evening is on the next day in Novosibirsk.
      const late = data.posts.find((p) => dayOfInstant(p.at) !== dayOfInstant(p.at, zone));
      if (late) expect(late.day).toBe(shiftDay(dayOfInstant(late.at), 1));
    } finally {
      await saveOwnTimeZone("manager@example.com", null);
    }
  });

  it("narrows to one campaign, and a second look within the cache's life costs the upstream nothing", async () => {
    const all = await get(`?from=${from}&to=${to}`);
    const one = all.data.campaigns[0]!;
    const before = await upstreamCalls();
    const again = await get(`?from=${from}&to=${to}`);
    const narrowed = await get(`?from=${from}&to=${to}&campaign_id=${one.id}`, "reviewer");
    expect(await upstreamCalls()).toBe(before);
    expect(again.data.posts).toEqual(all.data.posts);
    expect(narrowed.data.campaigns.map((c) => c.id)).toEqual([one.id]);
    expect(narrowed.data.posts.every((p) => p.campaign_id === one.id)).toBe(true);
  });

  it("refuses bad ranges in the one envelope, and strangers", async () => {
    for (const q of [`?from=${to}&to=${from}`, `?from=${from}&to=${shiftDay(from, 42)}`, `?to=${to}`, "?from=2026-02-30&to=2026-03-01", `?from=${from}&to=${to}&campaign_id=0`]) {
      const res = await call(calendar, `/api/calendar${q}`, { role: "editor" });
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).code).toBe("validation_error");
    }
    const res = await call(calendar, `/api/calendar?from=${from}&to=${to}`);
    expect(res.status).toBe(401);
  });

  it("reports a campaign it cannot read in its own row rather than failing the calendar", async () => {
    // Only the campaigns list is cached when the upstream goes down: every campaign's posts fail on their own.
    resetServiceForTests();
    await service.campaigns({ status: ["ACTIVE", "FROZEN"] });
    await admin(h.simUrl, "faults", { down: true });
    try {
      const res = await call(calendar, `/api/calendar?from=${from}&to=${to}`, { role: "manager" });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: unknown; meta: { stale: boolean } };
      const data = Calendar.parse(body.data);
      expect(body.meta.stale).toBe(true);
      expect(res.headers.get("x-data-stale")).toBe("1");
      expect(data.campaigns.length).toBeGreaterThan(0);
      expect(data.campaigns.every((c) => c.stale && c.error !== null && c.fetched_at === null)).toBe(true);
      expect(data.posts).toEqual([]);
    } finally {
      await admin(h.simUrl, "faults", { down: false });
      resetServiceForTests();
    }
  });
});
