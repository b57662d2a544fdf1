import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { PUT as putRules } from "@/app/api/campaigns/[id]/checks/route";
import { GET as postChecks } from "@/app/api/posts/[id]/checks/route";
import { admin, call, startHarness, type CallOptions, type Harness } from "@/app/api/_tests/harness";

/*
 * The figure, through the routes against the simulator and SQLite: a
 * waiting post of 5,000 one-letter words under 500 one-letter banned phrases.
 * The rules PUT (which re-checks the campaign's waiting posts) answers within
 * 1 s, the post's checks within 2 s and under 2 MB, and the health check asked
 * while they run answers within 1 s. Before the caps: a 39 MB report.
 */

const LETTERS = [..."абвгдежзиклмнопрстуфхцчшэюяabcdefghijklmnopqrstuvwx"].slice(0, 50);
const TEXT = Array.from({ length: 5000 }, (_, i) => LETTERS[(i * 7) % 50]).join(" ");
const RULES = { banned: Array.from({ length: 500 }, (_, i) => ({ phrase: LETTERS[i % 50]!, severity: "warn", note: `правило ${i}` })) };

describe("bounded checks through the routes (SQLite)", () => {
  let h: Harness;
  let campaign: number;
  let post: number;

  beforeAll(async () => {
    h = await startHarness({ DEMO: "1" });
    const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/?status=ACTIVE`, { headers: { Authorization: "Bearer demo-key" } });
    campaign = ((await res.json()) as { campaigns: { id: number }[] }).campaigns[0]!.id;
    const { created } = (await (await admin(h.simUrl, `campaigns/${campaign}/generate`, { count: 6 })).json()) as { created: number[] };
    for (const id of created) {
      const p = (await (await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } })).json()) as { status: string };
      if (p.status === "WAITING_APPROVAL") post = id;
    }
    expect(post).toBeDefined();
    await admin(h.simUrl, `posts/${post}/versions`, { text_content: TEXT });
    // Read once under the defaults: the dashboard now holds the text, so the rules save re-checks it.
    expect((await call(postChecks, `/api/posts/${post}/checks`, { role: "reviewer", params: { id: String(post) } })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it("the rules PUT of 500 phrases answers within 1 s", async () => {
    const t0 = performance.now();
    const res = await call(putRules, `/api/campaigns/${campaign}/checks`, { method: "PUT", role: "admin", params: { id: String(campaign) }, body: RULES } as unknown as CallOptions);
    const ms = performance.now() - t0;
    expect(res.status).toBe(200);
    const { flagged } = (await res.json()) as { flagged: { waiting: number; warnings: number; unchecked: number } };
    expect(flagged.waiting + flagged.unchecked).toBeGreaterThanOrEqual(1);
    expect(ms).toBeLessThan(1_000);
  });

  it("the post's checks answer within 2 s and 2 MB, saying how many findings are left out; health answers within 1 s meanwhile", async () => {
    // A new version, so the report is made now, not read back.
    await admin(h.simUrl, `posts/${post}/versions`, { text_content: `я${TEXT.slice(1)}` });
    const t0 = performance.now();
    const checks = call(postChecks, `/api/posts/${post}/checks`, { role: "reviewer", params: { id: String(post) } }).then(async (r) => ({ r, body: await r.text(), ms: performance.now() - t0 }));
    const h0 = performance.now();
    const healthy = call(health, "/api/health").then((r) => ({ status: r.status, ms: performance.now() - h0 }));
    const [c, hh] = await Promise.all([checks, healthy]);
    expect(c.r.status).toBe(200);
    expect(c.ms).toBeLessThan(2_000);
    expect(Buffer.byteLength(c.body)).toBeLessThan(2_000_000);
    const report = JSON.parse(c.body) as { findings: unknown[]; omitted: number; counts: { warn: number } };
    expect(report.counts.warn).toBeGreaterThanOrEqual(5001);
    expect(report.omitted).toBe(report.counts.warn - report.findings.length);
    expect(hh.status).toBe(200);
    expect(hh.ms).toBeLessThan(1_000);
  });
});
