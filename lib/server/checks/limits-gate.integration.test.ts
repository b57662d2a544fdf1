import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { POST as createLink } from "@/app/api/share-links/route";
import { POST as visitDecide } from "@/app/api/s/[token]/posts/[id]/decide/route";
import type { Role } from "@/lib/auth/roles";
import { db } from "@/lib/server/db";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { setShareLimitsForTests } from "@/lib/server/share/rate-limit";
import type { JobRunner } from "@/lib/server/jobs";
import { startTestJobs } from "@/test/support/jobs";
import { runBulkJob } from "@/app/api/_tests/bulk-job";
import { admin, call, cookieFor, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";

/*
 * An approve of a text over a platform's limit needs the person's confirmation on every path, the
 * server's rule and not only the page's: a request sent by hand, a share link's visitor and a bulk
 * job are refused (409 confirmation_required, nothing sent upstream) until it is given, and the
 * audit row of a confirmed one says what was confirmed. Against the simulator over HTTP.
 */

let h: Harness;

let jobs: JobRunner | undefined;
/** Campaign 101 publishes to Telegram: 4,096 characters of message, 1,024 of caption with media. */
const CAMPAIGN = 101;
const LONG = `${"Очень длинный пост про утренний кофе. ".repeat(120)}Конец.`;
const as = async (role: Role) => ({ cookie: await cookieFor(role) });

async function upstreamStatus(id: number): Promise<string> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } });
  return ((await res.json()) as { status: string }).status;
}
/** A fresh waiting post of the campaign, its text made `text`; returns its id and active version. */
async function waitingPost(text = LONG): Promise<{ id: number; version: number }> {
  const { created } = (await (await admin(h.simUrl, `campaigns/${CAMPAIGN}/generate`, { count: 1 })).json()) as { created: number[] };
  const id = created[0]!;
  const res = await admin(h.simUrl, `posts/${id}/versions`, { text_content: text });
  const version = ((await res.json()) as { versions: { version_number: number; is_active: boolean }[] }).versions.find((v) => v.is_active)!.version_number;
  return { id, version };
}
const approveAs = async (id: number, role: Role, body: Record<string, unknown>) =>
  call(approve, `/api/posts/${id}/approve`, { method: "POST", headers: await as(role), params: { id: String(id) }, body });
const lastAudit = (id: number) => db().selectFrom("audit_log").selectAll().where("task_id", "=", id).orderBy("id", "desc").executeTakeFirstOrThrow();

beforeAll(async () => {
  h = await startHarness({ DEMO: "1", BUDGET_READS_PER_MINUTE: "600", BUDGET_WRITES_PER_MINUTE: "300", BUDGET_REQUESTS_PER_HOUR: "10000" });
  resetServiceForTests({ fromEnv: true });
  setShareLimitsForTests(undefined);
  jobs = await startTestJobs({ bulkIntervalMs: 50 });
});

afterAll(async () => {
  await jobs?.stop();
  await h?.close();
});

describe("an approve over a platform's limit", () => {
  it("is refused without a confirmation, names the limit, sends nothing; confirmed, it goes and the audit says so", async () => {
    const { id, version } = await waitingPost();
    const refused = await approveAs(id, "editor", { version });
    expect(refused.status).toBe(409);
    const error = await errorOf(refused);
    expect(error.code).toBe("confirmation_required");
    expect(error.message).toMatch(/TELEGRAM \d+\/(4096|1024)/);
    expect(await upstreamStatus(id)).toBe("WAITING_APPROVAL");
    expect(await lastAudit(id)).toMatchObject({ action: "approve", error_code: "confirmation_required", result: null });

    const confirmed = await approveAs(id, "editor", { version, confirmed: true });
    expect(confirmed.status).toBe(200);
    expect(await upstreamStatus(id)).toBe("APPROVED");
    // No note of its own (a hand-made request): the server writes what was confirmed.
    expect((await lastAudit(id)).note).toMatch(/^Согласовано с подтверждением, несмотря на: TELEGRAM/);
  });

  it("keeps the page's own note of a confirmation", async () => {
    const { id, version } = await waitingPost();
    const res = await approveAs(id, "editor", { version, confirmed: true, note: "Согласовано с подтверждением, несмотря на: длиннее лимита Telegram" });
    expect(res.status).toBe(200);
    expect((await lastAudit(id)).note).toBe("Согласовано с подтверждением, несмотря на: длиннее лимита Telegram");
  });

  it("a text within every limit needs no confirmation", async () => {
    const { id, version } = await waitingPost("Короткий пост про кофе.");
    expect((await approveAs(id, "editor", { version })).status).toBe(200);
  });

  it("a share link's visitor is refused until they confirm", async () => {
    const { id, version } = await waitingPost();
    const link = await call(createLink, "/api/share-links", { method: "POST", headers: await as("editor"), body: { task_id: id, expires_in_hours: 24, can_decide: true } });
    expect(link.status).toBe(201);
    const token = new URL(((await link.json()) as { url: string }).url).pathname.replace(/^\/s\//, "");
    const decide = (body: Record<string, unknown>) =>
      call(visitDecide, `/api/s/${token}/posts/${id}/decide`, { method: "POST", params: { token, id: String(id) }, headers: { "x-forwarded-for": "203.0.113.77" }, body });
    const refused = await decide({ action: "approve", name: "Клиент", version });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("confirmation_required");
    expect(await upstreamStatus(id)).toBe("WAITING_APPROVAL");
    expect((await decide({ action: "approve", name: "Клиент", version, confirmed: true })).status).toBe(200);
    expect(await upstreamStatus(id)).toBe("APPROVED");
  });

  it("a bulk job leaves it for a person: its item is refused, the others approved", async () => {
    const long = await waitingPost();
    const short = await waitingPost("Ещё один короткий пост.");
    const detail = await runBulkJob({ action: "approve", campaign_id: CAMPAIGN, task_ids: [long.id, short.id], versions: [long.version, short.version] });
    expect(detail.job.status).toBe("done");
    expect(detail.items.find((i) => i.task_id === long.id)).toMatchObject({ error_code: "confirmation_required" });
    expect(await upstreamStatus(long.id)).toBe("WAITING_APPROVAL");
    expect(await upstreamStatus(short.id)).toBe("APPROVED");
  });
});
