import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as audit } from "@/app/api/audit/route";
import { GET as bulkJob } from "@/app/api/bulk-jobs/[id]/route";
import { POST as startBulk } from "@/app/api/bulk-jobs/route";
import { GET as rejectReasons } from "@/app/api/campaigns/[id]/reject-reasons/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/posts/[id]/reject/route";
import { resetEnvForTests } from "@/lib/env";
import { admin, call, errorOf, startHarness, type Harness } from "./harness";
import type { JobRunner } from "@/lib/server/jobs";
import { startTestJobs } from "@/test/support/jobs";

// Decisions pinned to the version the person saw, and reject reasons with a
// category, against the real simulator: a version added through its admin
// endpoint stands for an edit made in the service while the page was open.

type AuditItem = {
  id: number;
  task_id: number;
  action: string;
  reason: string | null;
  reason_category: string | null;
  version_number: number | null;
  version_seen: number | null;
  result: string | null;
  error_code: string | null;
  http_status: number;
};
type Refusal = { error: { code: string; message: string }; seen_version: number; current_version: number; audit_id: number };
type Recent = { method: string; path: string };

let h: Harness;

let jobs: JobRunner | undefined;
/** Waiting posts of one campaign, made for this file (so earlier decisions of other files do not count). */
let campaignId: number;
const fresh: number[] = [];
const take = () => {
  const id = fresh.shift();
  if (id === undefined) throw new Error("out of waiting posts");
  return id;
};

const post = (handler: typeof approve, id: number, body?: unknown) =>
  call(handler, `/api/posts/${id}/${handler === approve ? "approve" : "reject"}`, { method: "POST", role: "editor", params: { id: String(id) }, body });

/** What the page saw: the post through the dashboard (cached there), and its active version. */
async function seenVersion(id: number): Promise<number> {
  const res = await call(getPost, `/api/posts/${id}`, { role: "editor", params: { id: String(id) } });
  const { data } = (await res.json()) as { data: { versions: { version_number: number; is_active: boolean }[] } };
  return data.versions.find((v) => v.is_active)!.version_number;
}

/** An edit made in the service itself, after the page loaded. */
async function editElsewhere(id: number, text = "Текст, исправленный в сервисе после открытия страницы."): Promise<number> {
  const res = await admin(h.simUrl, `posts/${id}/versions`, { text_content: text });
  const detail = (await res.json()) as { versions: { version_number: number; is_active: boolean }[] };
  return detail.versions.find((v) => v.is_active)!.version_number;
}

async function upstream(id: number): Promise<{ status: string }> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } });
  return (await res.json()) as { status: string };
}

/** The requests the simulator received since the last reset. */
async function upstreamSince(): Promise<Recent[]> {
  return ((await (await admin(h.simUrl, "stats")).json()) as { recent: Recent[] }).recent;
}
const resetStats = () => admin(h.simUrl, "stats/reset", {});
const writesTo = (recent: Recent[], id: number) => recent.filter((r) => r.method === "POST" && new RegExp(`/posts/${id}/(approve|reject)$`).test(r.path));
const readsOf = (recent: Recent[], id: number) => recent.filter((r) => r.method === "GET" && r.path.endsWith(`/posts/${id}/`));

async function auditOf(id: number): Promise<AuditItem[]> {
  const res = await call(audit, `/api/audit?task_id=${id}`, { role: "admin" });
  return ((await res.json()) as { items: AuditItem[] }).items;
}

beforeAll(async () => {
  h = await startHarness();
  // Bulk writes 50 ms apart, not 3 s: the simulator here has no write limit to guard (pacing: lib/server/bulk/runner.test.ts).
  jobs = await startTestJobs({ bulkIntervalMs: 50 });
  // A campaign of the seeded world, given 24 posts waiting right now.
  campaignId = 101;
  const { created } = (await (await admin(h.simUrl, `campaigns/${campaignId}/generate`, { count: 24 })).json()) as { created: number[] };
  for (const id of created) if ((await upstream(id)).status === "WAITING_APPROVAL") fresh.push(id);
  expect(fresh.length).toBeGreaterThanOrEqual(20);
});

afterAll(async () => {
  await jobs?.stop();
  await h?.close();
});

describe("a decision pinned to the version seen", () => {
  it("the text changed after the page saw it: 409 version_changed, nothing sent upstream, the attempt audited", async () => {
    const id = take();
    const seen = await seenVersion(id);
    const current = await editElsewhere(id);
    expect(current).toBe(seen + 1);
    await resetStats();

    const res = await post(approve, id, { version: seen });
    expect(res.status).toBe(409);
    const body = (await res.json()) as Refusal;
    expect(body.error.code).toBe("version_changed");
    expect(body.error.message).toMatch(/версию \d+.*версия \d+/);
    expect(body).toMatchObject({ seen_version: seen, current_version: current });

    const recent = await upstreamSince();
    expect(writesTo(recent, id)).toEqual([]);
    // Compared against a fresh read, not the copy the page was served from.
    expect(readsOf(recent, id)).toHaveLength(1);
    expect((await upstream(id)).status).toBe("WAITING_APPROVAL");

    const [row] = await auditOf(id);
    expect(row).toMatchObject({
      id: body.audit_id,
      action: "approve",
      version_seen: seen,
      version_number: current,
      error_code: "version_changed",
      http_status: 409,
      result: null,
    });

    // That read refreshed the dashboard's copy: the page's refetch shows the new text without another upstream read.
    await resetStats();
    expect(await seenVersion(id)).toBe(current);
    expect(readsOf(await upstreamSince(), id)).toEqual([]);
  });

  it("a reject on a replaced text is refused the same way and keeps its reason and category in the audit", async () => {
    const id = take();
    const seen = await seenVersion(id);
    await editElsewhere(id);
    const res = await post(reject, id, { reason: "Тон не подходит", category: "tone", version: seen });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("version_changed");
    expect((await upstream(id)).status).toBe("WAITING_APPROVAL");
    expect((await auditOf(id))[0]).toMatchObject({ action: "reject", reason: "Тон не подходит", reason_category: "tone", version_seen: seen, error_code: "version_changed" });
  });

  it("deciding on the version now active goes through: one fresh read, the write, and the read-back of the version approved", async () => {
    const id = take();
    await seenVersion(id);
    const current = await editElsewhere(id, "Вторая редакция текста.");
    await resetStats();
    const res = await post(approve, id, { version: current });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { result: string } }).data.result).toBe("approved_now");
    const recent = await upstreamSince();
    // Before the write, and after it (the upstream has no precondition: which version did it approve?).
    expect(readsOf(recent, id)).toHaveLength(2);
    expect(writesTo(recent, id)).toHaveLength(1);
    expect((await auditOf(id))[0]).toMatchObject({ version_seen: current, version_number: current, approved_version: current, result: "approved_now", error_code: null });
  });

  it("without a version (an API client) it is decided as before, from the cached copy", async () => {
    const id = take();
    const seen = await seenVersion(id);
    await resetStats();
    const res = await post(approve, id);
    expect(res.status).toBe(200);
    const recent = await upstreamSince();
    expect(readsOf(recent, id)).toEqual([]);
    expect(writesTo(recent, id)).toHaveLength(1);
    expect((await auditOf(id))[0]).toMatchObject({ version_seen: null, version_number: seen, result: "approved_now" });
  });

  it("refuses a version that is not a positive integer (400), before anything is sent or audited", async () => {
    const id = take();
    for (const version of [0, -1, 1.5, "2", null]) {
      const res = await post(approve, id, { version });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toContain("Недопустимый параметр version:");
    }
    expect(await auditOf(id)).toEqual([]);
  });
});

describe("reject categories", () => {
  it("an unknown code is a 400 listing the allowed ones; a known one is stored", async () => {
    const id = take();
    const bad = await post(reject, id, { reason: "Реклама", category: "spam" });
    expect(bad.status).toBe(400);
    const message = (await errorOf(bad)).message;
    expect(message).toContain("Недопустимый параметр category:");
    expect(message).toContain("tone, facts, legal_risk, formatting, media, duplicate, other");
    expect(await auditOf(id)).toEqual([]);

    const ok = await post(reject, id, { reason: "Дата не та", category: "facts" });
    expect(ok.status).toBe(200);
    expect((await auditOf(id))[0]).toMatchObject({ action: "reject", reason: "Дата не та", reason_category: "facts", result: "rejected_now" });
  });

  it("the list comes from REJECT_CATEGORIES", async () => {
    process.env.REJECT_CATEGORIES = "tone, brand_voice";
    resetEnvForTests();
    try {
      const id = take();
      expect((await post(reject, id, { reason: "Не наш стиль", category: "facts" })).status).toBe(400);
      expect((await post(reject, id, { reason: "Не наш стиль", category: "brand_voice" })).status).toBe(200);
      expect((await auditOf(id))[0]?.reason_category).toBe("brand_voice");
    } finally {
      delete process.env.REJECT_CATEGORIES;
      resetEnvForTests();
    }
  });

  it("are exported in the audit CSV with a human column name and the translated value", async () => {
    const res = await call(audit, `/api/audit?format=csv&action=reject&campaign_id=${campaignId}`, { role: "manager" });
    const lines = (await res.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    const header = lines[0]!.split(";");
    const column = header.indexOf("Категория причины");
    expect(column).toBeGreaterThan(header.indexOf("Причина"));
    expect(header).toContain("Увиденная версия");
    const row = lines.find((l) => l.includes("Дата не та"))!.split(";");
    expect(row[column]).toBe("Факты");
    // A code configured beyond the known seven is exported as written.
    expect(lines.find((l) => l.includes("Не наш стиль;"))!.split(";")[column]).toBe("brand_voice");
  });
});

describe("GET /api/campaigns/[id]/reject-reasons", () => {
  const reasonsOf = async (role: "editor" | "admin" | "manager" | "reviewer" = "editor") =>
    call(rejectReasons, `/api/campaigns/${campaignId}/reject-reasons`, { role, params: { id: String(campaignId) } });

  it("the campaign's categories and reasons, most used first, top 10, only rejects the upstream took", async () => {
    const send = async (reason: string, category: string) => expect((await post(reject, take(), { reason, category })).status).toBe(200);
    for (let i = 0; i < 3; i++) await send("Фактическая ошибка в цифрах", "facts");
    for (let i = 0; i < 2; i++) await send("Слишком рекламно", "tone");
    for (let i = 1; i <= 9; i++) await send(`Разовая причина ${i}`, "other");

    const res = await reasonsOf();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { categories: { code: string; count: number }[]; reasons: { text: string; category: string | null; count: number }[] };
    // Earlier tests in this file: "Дата не та" (facts), and the brand_voice reject (no longer configured: not offered).
    // The refused version_changed reject ("Тон не подходит") does not count.
    expect(body.categories).toEqual([
      { code: "other", count: 9 },
      { code: "facts", count: 4 },
      { code: "tone", count: 2 },
      { code: "legal_risk", count: 0 },
      { code: "formatting", count: 0 },
      { code: "media", count: 0 },
      { code: "duplicate", count: 0 },
    ]);
    expect(body.reasons).toHaveLength(10);
    expect(body.reasons.slice(0, 2)).toEqual([
      { text: "Фактическая ошибка в цифрах", category: "facts", count: 3 },
      { text: "Слишком рекламно", category: "tone", count: 2 },
    ]);
    // Ties are broken by the latest use: the newest single reasons first, the oldest one left out.
    expect(body.reasons.slice(2, 4).map((r) => r.text)).toEqual(["Разовая причина 9", "Разовая причина 8"]);
    expect(body.reasons.map((r) => r.text)).not.toContain("Тон не подходит");
    expect(body.reasons.map((r) => r.text)).not.toContain("Разовая причина 1");
  });

  it("editors and admins only", async () => {
    expect((await reasonsOf("admin")).status).toBe(200);
    for (const role of ["manager", "reviewer"] as const) expect((await reasonsOf(role)).status).toBe(403);
  });
});

describe("bulk jobs pin each item", () => {
  type Job = { job: { status: string; reason_category: string | null }; items: { task_id: number; version: number | null; status: string; error_code: string | null; message: string | null }[] };

  async function finished(jobId: number): Promise<Job> {
    for (let i = 0; i < 200; i++) {
      const res = await call(bulkJob, `/api/bulk-jobs/${jobId}`, { role: "editor", params: { id: String(jobId) } });
      const detail = (await res.json()) as Job;
      if (detail.job.status === "done") return detail;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`bulk job ${jobId} did not finish`);
  }

  it("an item whose version moved fails with version_changed (not retried, nothing sent); the others are decided", async () => {
    const [moved, kept, unpinned] = [take(), take(), take()];
    const seenMoved = await seenVersion(moved);
    const seenKept = await seenVersion(kept);
    await editElsewhere(moved);
    await resetStats();

    const res = await call(startBulk, "/api/bulk-jobs", {
      method: "POST",
      role: "editor",
      body: { action: "reject", campaign_id: campaignId, task_ids: [moved, kept, unpinned], versions: [seenMoved, seenKept, null], reason: "Не в тему недели", category: "other" },
    });
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: { id: number; reason_category: string } };
    expect(job.reason_category).toBe("other");
    const detail = await finished(job.id);

    const item = (id: number) => detail.items.find((i) => i.task_id === id)!;
    expect(item(moved)).toMatchObject({ version: seenMoved, status: "failed", error_code: "version_changed" });
    expect(item(moved).message).toMatch(/версию \d+/);
    expect(item(kept)).toMatchObject({ version: seenKept, status: "ok" });
    expect(item(unpinned)).toMatchObject({ version: null, status: "ok" });

    const recent = await upstreamSince();
    expect(writesTo(recent, moved)).toEqual([]);
    expect((await upstream(moved)).status).toBe("WAITING_APPROVAL");
    expect((await upstream(kept)).status).toBe("CANCELED");
    expect((await auditOf(moved))[0]).toMatchObject({ error_code: "version_changed", version_seen: seenMoved, reason_category: "other" });
    expect((await auditOf(kept))[0]).toMatchObject({ result: "rejected_now", version_seen: seenKept, reason_category: "other" });
  });

  it("versions must match task_ids one for one; a bulk reject's category is checked like a single one", async () => {
    const bad = async (body: Record<string, unknown>, name: string) => {
      const res = await call(startBulk, "/api/bulk-jobs", { method: "POST", role: "editor", body: { campaign_id: campaignId, ...body } });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toContain(`Недопустимый параметр ${name}:`);
    };
    await bad({ action: "approve", task_ids: [1, 2], versions: [1] }, "versions");
    await bad({ action: "approve", task_ids: [1], versions: [0] }, "versions");
    await bad({ action: "reject", task_ids: [1], reason: "x", category: "spam" }, "category");
  });
});
