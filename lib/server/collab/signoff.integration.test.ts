import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as postDetail } from "@/app/api/posts/[id]/route";
import { POST as review } from "@/app/api/posts/[id]/review/route";
import { GET as verdicts } from "@/app/api/posts/[id]/verdicts/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { PUT as putPolicy, GET as getPolicy } from "@/app/api/campaigns/[id]/policy/route";
import { PUT as putChecks } from "@/app/api/campaigns/[id]/checks/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { GET as rowFactsRoute } from "@/app/api/presence/rows/route";
import type { RowFacts } from "@/lib/queries/collab";
import { cleanWaiting } from "@/lib/server/bulk/clean";
import { POST as startBulk } from "@/app/api/bulk-jobs/route";
import { POST as createLink } from "@/app/api/share-links/route";
import { POST as visitDecide } from "@/app/api/s/[token]/posts/[id]/decide/route";
import { POST as visitComment } from "@/app/api/s/[token]/posts/[id]/comments/route";
import { POST as addComment } from "@/app/api/posts/[id]/comments/route";
import type { Role } from "@/lib/auth/roles";
import type { PostVerdicts } from "@/lib/schemas/collab";
import { db } from "@/lib/server/db";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { setNotifySink, type NotifyEvent } from "@/lib/server/notify";
import { setShareLimitsForTests } from "@/lib/server/share/rate-limit";
import { runBulkJob } from "@/app/api/_tests/bulk-job";
import type { Post } from "@/lib/schemas";
import { withinEveryLimit } from "@/test/support/within-limits";
import { admin, call, cookieFor, errorOf, startHarness, type CallOptions, type Harness } from "@/app/api/_tests/harness";
import type { JobRunner } from "@/lib/server/jobs";
import { startTestJobs } from "@/test/support/jobs";

/*
 * Sign-off, N-step policies and the checks gate through the real routes, against the simulator
 * over HTTP and a real SQLite file: each way around a sign-off found by the
 * attack, reproduced, and the routed policy (roles, groups, any/all, steps).
 */

let h: Harness;

let jobs: JobRunner | undefined;
let campaign: number;
const waiting: number[] = [];
const take = () => {
  const id = waiting.shift();
  if (id === undefined) throw new Error("out of waiting posts");
  return id;
};
const notified: NotifyEvent[] = [];

type Method = "GET" | "POST" | "PUT";
const send = (handler: Parameters<typeof call>[0], url: string, o: Omit<CallOptions, "method"> & { method?: Method }) => call(handler, url, o as CallOptions);
const as = async (role: Role, email?: string) => ({ cookie: await cookieFor(role, email) });

async function upstream(id: number): Promise<{ status: string; versions: { version_number: number; is_active: boolean }[] }> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } });
  return (await res.json()) as never;
}
const activeOf = async (id: number) => (await upstream(id)).versions.find((v) => v.is_active)!.version_number;
async function newVersion(id: number, text = "Текст после правки в сервисе: другие цифры и другое обещание."): Promise<number> {
  const res = await admin(h.simUrl, `posts/${id}/versions`, { text_content: text });
  return ((await res.json()) as { versions: { version_number: number; is_active: boolean }[] }).versions.find((v) => v.is_active)!.version_number;
}

const policy = (body: unknown) => send(putPolicy, `/api/campaigns/${campaign}/policy`, { method: "PUT", role: "admin", params: { id: String(campaign) }, body });
const ok = async (id: number, who: { cookie: string }, version?: number) =>
  call(review, `/api/posts/${id}/review`, { method: "POST", headers: who, params: { id: String(id) }, body: { verdict: "ok", version: version ?? (await activeOf(id)) } });
const approveAs = (id: number, who: { cookie: string }, body: Record<string, unknown> = {}) =>
  call(approve, `/api/posts/${id}/approve`, { method: "POST", headers: who, params: { id: String(id) }, body });
/** The post page's read: what the dashboard last served (and caches). */
const load = (id: number) => call(postDetail, `/api/posts/${id}`, { role: "editor", params: { id: String(id) } });

async function auditRows(id: number) {
  return db().selectFrom("audit_log").selectAll().where("task_id", "=", id).orderBy("id", "asc").execute();
}

const bulk = (body: Record<string, unknown>) => runBulkJob({ action: "approve", campaign_id: campaign, ...body });

async function shareLink(id: number, creator: { cookie: string }) {
  const res = await call(createLink, "/api/share-links", { method: "POST", headers: creator, body: { task_id: id, expires_in_hours: 24, can_decide: true } });
  expect(res.status).toBe(201);
  return new URL(((await res.json()) as { url: string }).url).pathname.replace(/^\/s\//, "");
}
let ip = 0;
const visitor = () => ({ "x-forwarded-for": `203.0.113.${++ip}` });

beforeAll(async () => {
  // Room in the budget for a file full of fresh reads (the limits themselves are not under test here).
  h = await startHarness({ DEMO: "1", BUDGET_READS_PER_MINUTE: "600", BUDGET_WRITES_PER_MINUTE: "300", BUDGET_REQUESTS_PER_HOUR: "10000" });
  // As the app builds it (the campaign mirror in the database included), with the limits above.
  resetServiceForTests({ fromEnv: true });
  setNotifySink((e) => void notified.push(e));
  setShareLimitsForTests(undefined);
  // Bulk writes 50 ms apart, not 3 s: the limits are not under test here (pacing: lib/server/bulk/runner.test.ts).
  jobs = await startTestJobs({ bulkIntervalMs: 50 });
  const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/?status=ACTIVE`, { headers: { Authorization: "Bearer demo-key" } });
  const { campaigns } = (await res.json()) as { campaigns: { id: number }[] };
  const counts = new Map<number, number[]>();
  for (const { id: c } of campaigns) {
    const { created } = (await (await admin(h.simUrl, `campaigns/${c}/generate`, { count: 40 })).json()) as { created: number[] };
    const ids: number[] = [];
    // Within every limit: an approve over one needs a confirmation (test/support/within-limits.ts).
    for (const id of created) {
      const p = await upstream(id);
      if (p.status === "WAITING_APPROVAL" && withinEveryLimit(p as unknown as Post)) ids.push(id);
    }
    counts.set(c, ids);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1].length - a[1].length);
  campaign = best![0];
  waiting.push(...best![1]);
  expect(waiting.length).toBeGreaterThanOrEqual(14);
});

afterAll(async () => {
  setNotifySink(undefined);
  await jobs?.stop();
  await h?.close();
});

describe("32.1 sign-off holds on every path", () => {
  it("an 'ok' on the old text does not let an edited version through: an approve without version is refused (version_changed), the keyboard's pinned one needs a new 'ok', and the audit records the version approved", async () => {
    expect((await policy({ steps: 2 })).status).toBe(200);
    const id = take();
    const v1 = await activeOf(id);
    expect((await load(id)).status).toBe(200); // the page shows v1 (and the dashboard caches it)
    expect((await ok(id, await as("reviewer"), v1)).status).toBe(201);
    const v2 = await newVersion(id); // the upstream's text changes after the "ok"

    const blind = await approveAs(id, await as("editor"), { source: "keyboard" });
    expect(blind.status).toBe(409);
    const body = (await blind.json()) as { error: { code: string }; seen_version: number; current_version: number };
    expect(body).toMatchObject({ error: { code: "version_changed" }, seen_version: v1, current_version: v2 });
    expect((await upstream(id)).status).toBe("WAITING_APPROVAL");

    // Pinned to the new text: the reviewer's "ok" was on v1, so it does not count.
    const pinned = await approveAs(id, await as("editor"), { version: v2, source: "keyboard" });
    expect((await errorOf(pinned)).code).toBe("signoff_required");
    expect((await upstream(id)).status).toBe("WAITING_APPROVAL");

    expect((await ok(id, await as("reviewer"), v2)).status).toBe(201);
    expect((await approveAs(id, await as("editor"), { version: v2 })).status).toBe(200);
    const rows = await auditRows(id);
    expect(rows.at(-1)).toMatchObject({ result: "approved_now", version_number: v2, version_seen: v2 });
    expect(rows.filter((r) => r.result === "approved_now")).toHaveLength(1);
  });

  it("a bulk row never opened (version null) is not approved on an 'ok' given to an older text", async () => {
    await policy({ steps: 2 });
    const [edited, clean] = [take(), take()];
    for (const id of [edited, clean]) {
      await load(id);
      expect((await ok(id, await as("reviewer"))).status).toBe(201);
    }
    await newVersion(edited);
    const detail = await bulk({ task_ids: [edited, clean], versions: [null, null] });
    const item = (id: number) => detail.items.find((x) => x.task_id === id);
    expect(item(edited)?.status).toBe("failed");
    expect(["version_changed", "signoff_required"]).toContain(item(edited)?.error_code);
    expect((await upstream(edited)).status).toBe("WAITING_APPROVAL");
    expect(item(clean)).toMatchObject({ status: "ok" });
    expect((await upstream(clean)).status).toBe("APPROVED");
  }, 60_000);
});

describe("32.2 people, not links, sign off", () => {
  it("the editor's own 'ok' does not count through their own share link; a reviewer's does", async () => {
    await policy({ steps: 2 });
    const id = take();
    const v = await activeOf(id);
    const editor = await as("editor", "maker@example.com");
    expect((await ok(id, editor, v)).status).toBe(201);
    const token = await shareLink(id, editor);
    const decide = () =>
      call(visitDecide, `/api/s/${token}/posts/${id}/decide`, { method: "POST", params: { token, id: String(id) }, headers: visitor(), body: { action: "approve", name: "Клиент", version: v } });
    const refused = await decide();
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("signoff_required");
    expect((await upstream(id)).status).toBe("WAITING_APPROVAL");

    expect((await ok(id, await as("reviewer"), v)).status).toBe(201);
    expect((await decide()).status).toBe(200);
    expect((await upstream(id)).status).toBe("APPROVED");
  });

  it("a second editor's 'ok' is not a reviewer's: the policy names the role", async () => {
    await policy({ steps: 2 });
    const id = take();
    expect((await ok(id, await as("editor", "second-editor@example.com"))).status).toBe(201);
    expect((await ok(id, await as("admin", "other-admin@example.com"))).status).toBe(201);
    const res = await approveAs(id, await as("editor"), { version: await activeOf(id) });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("signoff_required");
    expect((await upstream(id)).status).toBe("WAITING_APPROVAL");
  });

  it("a visitor's @mention notifies nobody; a team member's does", async () => {
    const id = take();
    const token = await shareLink(id, await as("editor"));
    notified.length = 0;
    const res = await call(visitComment, `/api/s/${token}/posts/${id}/comments`, {
      method: "POST",
      params: { token, id: String(id) },
      headers: visitor(),
      body: { name: "Гость", body: "@reviewer@example.com @admin@example.com срочно посмотрите" },
    });
    expect(res.status).toBe(201);
    const team = await call(addComment, `/api/posts/${id}/comments`, { method: "POST", role: "editor", params: { id: String(id) }, body: { body: "@reviewer@example.com глянь" } });
    expect(team.status).toBe(201);
    await expect.poll(() => notified.filter((e) => e.kind === "mention").length).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    const mentions = notified.filter((e) => e.kind === "mention");
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({ by: { email: "editor@example.com" }, to: ["reviewer@example.com"] });
  });
});

describe("35.4 approval routed by risk", () => {
  it("validates steps (400 naming the field) and keeps the older { steps } form", async () => {
    for (const body of [
      { signoff: [{ who: { role: "manager" } }] },
      { signoff: [{ who: { group: "Юристы", members: [] } }] },
      { signoff: [{ who: { group: "", members: ["a@example.com"] } }] },
      { signoff: [{ who: { role: "reviewer" }, when: { kind: "rule" } }] },
      { signoff: Array.from({ length: 9 }, () => ({ who: { role: "reviewer" } })) },
      { steps: 3 },
    ]) {
      const res = await policy(body);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_error");
      // Said in words, naming the step: never the API's field name.
      if ("signoff" in body) expect(error.message).not.toMatch(/signoff|members|who\b/);
    }
    expect((await errorOf(await policy({ signoff: [{ who: { role: "reviewer" } }, { who: { group: "Юристы", members: [] } }] }))).message).toMatch(/^Шаг 2, участники группы: /);
    // An address nobody on the dashboard has is saved, and said.
    const typo = await policy({ signoff: [{ who: { group: "Юристы", members: ["lawyer@exmaple.com", "reviewer@example.com"] } }] });
    expect(typo.status).toBe(200);
    expect(((await typo.json()) as { data: { unknown_members?: string[] } }).data.unknown_members).toEqual(["lawyer@exmaple.com"]);
    const res = await policy({ steps: 2 });
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({ steps: 2, signoff: [{ who: { role: "reviewer" }, need: "any", when: { kind: "always" } }] });
  });

  it("three steps (a reviewer, then every member of «Юристы», then the approve): each is needed in turn, the post page shows where it stands", async () => {
    const lawyers = ["anna.law@example.com", "boris.law@example.com"];
    const set = await policy({
      signoff: [
        { name: "Рецензия", who: { role: "reviewer" } },
        { name: "Юридическая проверка", who: { group: "Юристы", members: lawyers.map((e) => e.toUpperCase()) }, need: "all" },
      ],
    });
    expect(set.status).toBe(200);
    const read = (await (await call(getPolicy, `/api/campaigns/${campaign}/policy`, { role: "manager", params: { id: String(campaign) } })).json()) as {
      data: { steps: number; signoff: { who: { members?: string[] } }[] };
    };
    expect(read.data.steps).toBe(3);
    expect(read.data.signoff[1]?.who.members).toEqual(lawyers);

    const id = take();
    const v = await activeOf(id);
    const editor = await as("editor");
    const refusedWith = async () => {
      const res = await approveAs(id, editor, { version: v });
      expect(res.status).toBe(409);
      return (await errorOf(res)).message;
    };
    expect(await refusedWith()).toMatch(/шаг 1/);
    await ok(id, await as("reviewer"), v);
    expect(await refusedWith()).toMatch(/шаг 2.*boris\.law@example\.com/s);
    await ok(id, await as("reviewer", lawyers[0]), v);
    // A person outside the group does not count for it.
    await ok(id, await as("reviewer", "someone.else@example.com"), v);
    expect(await refusedWith()).toMatch(/boris\.law@example\.com/);

    const page = (await (await call(verdicts, `/api/posts/${id}/verdicts`, { role: "editor", params: { id: String(id) } })).json()) as { data: PostVerdicts };
    expect(page.data).toMatchObject({ steps: 3, signed_off: false });
    expect(page.data.route.map((s) => [s.applies, s.passed])).toEqual([
      [true, true],
      [true, false],
    ]);
    expect(page.data.route[1]?.waiting_for).toEqual(["boris.law@example.com"]);

    await ok(id, await as("reviewer", lawyers[1]), v);
    expect((await approveAs(id, editor, { version: v })).status).toBe(200);
    expect((await upstream(id)).status).toBe("APPROVED");
  });

  it("a conditional legal step applies only to a version with a finding of its rule (the checks' findings, lib/checks)", async () => {
    const rules = await send(putChecks, `/api/campaigns/${campaign}/checks`, {
      method: "PUT",
      role: "admin",
      params: { id: String(campaign) },
      body: { banned: [{ phrase: "гарантированный доход", severity: "warn", note: "Обещание дохода: нужна проверка юриста" }] },
    });
    expect(rules.status).toBe(200);
    await policy({
      signoff: [
        { who: { role: "reviewer" } },
        { name: "Юристы", who: { group: "Юристы", members: ["lawyer@example.com"] }, when: { kind: "rule", rule: "banned" } },
      ],
    });
    const [flagged, plain] = [take(), take()];
    // The phrase in another word form than written: the checks match every form.
    const vf = await newVersion(flagged, "Гарантированного дохода не бывает, но этот курс близок к нему. Подробности в канале.");
    const vp = await newVersion(plain, "Спокойный рассказ о новом курсе: расписание, преподаватели и цена. Подробности в канале.");
    for (const [id, v] of [[flagged, vf], [plain, vp]] as const) expect((await ok(id, await as("reviewer"), v)).status).toBe(201);

    expect((await approveAs(plain, await as("editor"), { version: vp })).status).toBe(200);
    const refused = await approveAs(flagged, await as("editor"), { version: vf });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(/Юристы/);
    const page = (await (await call(verdicts, `/api/posts/${flagged}/verdicts`, { role: "editor", params: { id: String(flagged) } })).json()) as { data: PostVerdicts };
    expect(page.data.route.map((s) => s.applies)).toEqual([true, true]);
    await ok(flagged, await as("reviewer", "lawyer@example.com"), vf);
    expect((await approveAs(flagged, await as("editor"), { version: vf })).status).toBe(200);
    await send(putChecks, `/api/campaigns/${campaign}/checks`, { method: "PUT", role: "admin", params: { id: String(campaign) }, body: { banned: [] } });
  });

  it("a clean post under a conditional step only: the queue row and the post page both say no sign-off is needed", async () => {
    await send(putChecks, `/api/campaigns/${campaign}/checks`, {
      method: "PUT",
      role: "admin",
      params: { id: String(campaign) },
      body: { banned: [{ phrase: "гарантированный доход", severity: "warn", note: "Обещание дохода: нужна проверка юриста" }] },
    });
    await policy({ signoff: [{ name: "Юристы", who: { group: "Юристы", members: ["lawyer@example.com"] }, when: { kind: "rule", rule: "banned" } }] });
    const clean = take();
    // The queue's read: the mirror holds the post's text, which the row's checks read.
    expect((await call(campaignPosts, `/api/campaigns/${campaign}/posts?status=WAITING_APPROVAL&limit=100`, { role: "editor", params: { id: String(campaign) } })).status).toBe(200);
    const page = (await (await call(verdicts, `/api/posts/${clean}/verdicts`, { role: "editor", params: { id: String(clean) } })).json()) as { data: PostVerdicts };
    expect(page.data.route.map((s) => s.applies)).toEqual([false]);
    expect(page.data.current).toEqual([]);
    // Nobody signed: not «одобрена рецензентом» beside «Заключений нет».
    expect(page.data.signed_off).toBe(false);
    expect(page.data.standing).toEqual({ steps: 1, state: "not_needed" });
    const rows = (await (await call(rowFactsRoute, `/api/presence/rows?task_ids=${clean}`, { role: "editor" })).json()) as { data: RowFacts };
    // Not «2 шага · ждёт подписи»: the same standing as the page.
    expect(rows.data.signoff?.[String(clean)]).toEqual(page.data.standing);
    expect((await approveAs(clean, await as("editor"), { version: await activeOf(clean) })).status).toBe(200);
    await send(putChecks, `/api/campaigns/${campaign}/checks`, { method: "PUT", role: "admin", params: { id: String(campaign) }, body: { banned: [] } });
  });

  it("a blocking finding: refused (check_blocked) for the editor, passed by an admin's override with a reason, audited", async () => {
    await policy({ signoff: [] });
    await send(putChecks, `/api/campaigns/${campaign}/checks`, {
      method: "PUT",
      role: "admin",
      params: { id: String(campaign) },
      body: { banned: [{ phrase: "лучший в мире", severity: "block", note: "Недоказуемое превосходство" }] },
    });
    const id = take();
    const v = await newVersion(id, "Наш лучший в мире курс стартует в понедельник. Подробности в канале.");
    const refused = await approveAs(id, await as("editor"), { version: v });
    expect((await errorOf(refused)).code).toBe("check_blocked");
    const notAdmin = await approveAs(id, await as("editor"), { version: v, override: { reason: "Клиент настаивает" } });
    expect(notAdmin.status).toBe(403);
    expect((await approveAs(id, await as("admin"), { version: v, override: { reason: "" } })).status).toBe(400);
    expect((await approveAs(id, await as("admin"), { version: v, override: { reason: "Согласовано с юристом клиента" } })).status).toBe(200);
    const events = await db().selectFrom("audit_events").selectAll().where("kind", "=", "checks.override").where("task_id", "=", id).execute();
    expect(JSON.parse(events[0]!.detail ?? "{}")).toMatchObject({ reason: "Согласовано с юристом клиента", version: v });
    await send(putChecks, `/api/campaigns/${campaign}/checks`, { method: "PUT", role: "admin", params: { id: String(campaign) }, body: { banned: [] } });
  });

  it("approve all clean: one job of the clean posts, each approved only if its active version is still clean", async () => {
    await policy({ signoff: [] });
    await send(putChecks, `/api/campaigns/${campaign}/checks`, {
      method: "PUT",
      role: "admin",
      params: { id: String(campaign) },
      body: { banned: [{ phrase: "гарантированный доход", severity: "warn", note: "Обещание дохода" }] },
    });
    const [clean, changed, flagged] = [take(), take(), take()];
    await newVersion(flagged, "Гарантированный доход каждому ученику курса. Подробности в канале.");
    // The list the editor sees (the mirror the checks read; it may still hold a text older than the upstream's).
    const list = await call(campaignPosts, `/api/campaigns/${campaign}/posts?status=WAITING_APPROVAL&limit=100`, { role: "editor", params: { id: String(campaign) } });
    expect(list.status).toBe(200);
    const picked = await cleanWaiting(campaign);
    expect(picked.taskIds).toContain(clean);
    expect(picked.taskIds.length).toBe(picked.versions.length);
    // After the click, a new version of one post with the phrase in another form: it is left for a person, like the flagged one.
    await newVersion(changed, "Гарантированного дохода не обещаем, но почти. Подробности в канале.");
    const detail = await bulk({ task_ids: [clean, changed, flagged], only_clean: true });
    expect(detail.items.find((x) => x.task_id === clean)).toMatchObject({ status: "ok" });
    for (const id of [changed, flagged]) {
      expect(detail.items.find((x) => x.task_id === id)).toMatchObject({ status: "failed", error_code: "not_clean" });
      expect((await upstream(id)).status).toBe("WAITING_APPROVAL");
    }
    const bad = await call(startBulk, "/api/bulk-jobs", { method: "POST", role: "editor", body: { action: "reject", reason: "x", campaign_id: campaign, only_clean: true } });
    expect(bad.status).toBe(400);
    await send(putChecks, `/api/campaigns/${campaign}/checks`, { method: "PUT", role: "admin", params: { id: String(campaign) }, body: { banned: [] } });
  }, 60_000);

  it("a group member who approves does not sign off their own approve, even under 'any'", async () => {
    await policy({ signoff: [{ who: { group: "Редакторы-рецензенты", members: ["editor@example.com", "chief@example.com"] } }] });
    const id = take();
    const v = await activeOf(id);
    await ok(id, await as("editor"), v);
    expect((await errorOf(await approveAs(id, await as("editor"), { version: v }))).code).toBe("signoff_required");
    await ok(id, await as("editor", "chief@example.com"), v);
    expect((await approveAs(id, await as("editor"), { version: v })).status).toBe(200);
  });

  it("one step again: no sign-off needed, and the policy change is audited", async () => {
    expect((await policy({ signoff: [] })).status).toBe(200);
    const id = take();
    expect((await approveAs(id, await as("editor"), { version: await activeOf(id) })).status).toBe(200);
    const events = await db().selectFrom("audit_events").selectAll().where("kind", "=", "policy.set").where("campaign_id", "=", campaign).orderBy("id", "desc").execute();
    expect(JSON.parse(events[0]!.detail ?? "{}")).toMatchObject({ steps: 1, signoff: [] });
  });
});
