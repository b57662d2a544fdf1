// @vitest-environment node
// The activity page's pickers and names: who and which campaigns the audit trail
// names, rows that carry the post's title and the campaign's name from the mirror, and the
// exact-person filter the picker sends, over a real database and the simulator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, startHarness, type Harness } from "@/app/api/_tests/harness";
import { postTitle } from "@/lib/posts/title";
import { PostListQuery, type Post } from "@/lib/schemas";
import type { AuditChoices, Named } from "@/lib/schemas/audit";
import { recordDecision, type AuditEntry, type AuditItem } from "@/lib/server/audit";
import { recordAuditEvent, type AuditEventRow } from "@/lib/server/audit-events";
import { appMirrorStore } from "@/lib/server/mirror";
import { resetServiceForTests, service } from "@/lib/server/upstream-service";
import { GET as audit } from "../route";
import { GET as events } from "../events/route";
import { GET as choices } from "./route";

let h: Harness;
let post: Post;
let campaign: { id: number; name: string };

const entry = (e: Partial<AuditEntry>): AuditEntry => ({
  at: "2026-11-20T06:17:00.000Z",
  user_email: "anna@example.com",
  user_name: "Анна",
  role: "editor",
  task_id: post.task_id,
  campaign_id: campaign.id,
  version_number: 1,
  action: "approve",
  reason: null,
  note: null,
  source: "single",
  status_after: "APPROVED",
  result: "approved_now",
  error_code: null,
  http_status: 200,
  duration_ms: 20,
  ...e,
});

beforeAll(async () => {
  h = await startHarness();
  // The mirror in the app's database, as the app runs it (the harness's service keeps one in memory).
  resetServiceForTests({ service: { mirror: appMirrorStore() } });
  // A campaign's posts read once, as any page would: the mirror now holds its name and its posts' texts.
  const { data } = await service.campaigns({ status: ["ACTIVE"] });
  const c = data.campaigns[0]!;
  const posts = await service.campaignPosts(c.id, PostListQuery.parse({ limit: "5" }));
  post = posts.data.posts.find((p) => p.text.trim() !== "")!;
  campaign = { id: c.id, name: c.name };
  await recordDecision(entry({}));
  await recordDecision(entry({ user_email: "joanna@example.com", user_name: "Джоанна", at: "2026-11-20T07:00:00.000Z" }));
  await recordDecision(entry({ user_email: "external:Ирина", user_name: "Ирина", role: "external", source: "share_link", share_link_id: "00112233aabbccdd", at: "2026-11-20T08:00:00.000Z" }));
  // A campaign the mirror has never held keeps its number.
  await recordDecision(entry({ campaign_id: 987654, task_id: 987654321, at: "2026-11-19T08:00:00.000Z" }));
  await recordAuditEvent({ actor: { email: "reviewer@example.com", name: "Рецензент Р.", role: "reviewer" }, kind: "verdict.given", task_id: post.task_id, campaign_id: campaign.id });
  await recordAuditEvent({ actor: { email: "external:Ирина", name: "Ирина", role: "external" }, kind: "share.commented", task_id: post.task_id, campaign_id: campaign.id });
}, 60_000);
afterAll(() => h.close());

const json = async <T>(res: Response): Promise<T> => {
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe("GET /api/audit/choices", () => {
  it("offers every person and campaign the trail names, by name: the team first, then link visitors", async () => {
    const body = await json<AuditChoices>(await call(choices, "/api/audit/choices", { role: "manager" }));
    expect(body.people).toEqual([
      { email: "anna@example.com", name: "Анна", role: "editor" },
      { email: "joanna@example.com", name: "Джоанна", role: "editor" },
      { email: "reviewer@example.com", name: "Рецензент Р.", role: "reviewer" },
      { email: "external:Ирина", name: "Ирина", role: "external" },
    ]);
    expect(body.campaigns).toContainEqual({ id: campaign.id, name: campaign.name });
    // Named campaigns first; one the mirror does not hold last, by number.
    expect(body.campaigns.at(-1)).toEqual({ id: 987654, name: null });
  });

  it("is for admins and managers, and takes no parameters", async () => {
    expect((await call(choices, "/api/audit/choices", { role: "admin" })).status).toBe(200);
    const editor = await call(choices, "/api/audit/choices", { role: "editor" });
    expect(editor.status).toBe(403);
    const bad = await call(choices, "/api/audit/choices?campaign=1", { role: "manager" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("validation_error");
    expect((await call(choices, "/api/audit/choices")).status).toBe(401);
  });
});

describe("the audit answers by name", () => {
  type Page<T> = { items: (T & Named)[]; total: number };

  it("name each row's post by its title and its campaign by name, from the mirror", async () => {
    const page = await json<Page<AuditItem>>(await call(audit, `/api/audit?task_id=${post.task_id}`, { role: "manager" }));
    expect(page.total).toBe(3);
    for (const row of page.items) {
      expect(row.post_title).toBe(postTitle(post.text));
      expect(row.campaign_name).toBe(campaign.name);
    }
    const unknown = await json<Page<AuditItem>>(await call(audit, "/api/audit?campaign_id=987654", { role: "manager" }));
    expect(unknown.items.map((r) => [r.post_title, r.campaign_name])).toEqual([[null, null]]);
  });

  it("filter by exactly the person the picker names (anna is not joanna), a link visitor included", async () => {
    const anna = await json<Page<AuditItem>>(await call(audit, "/api/audit?user_email=anna%40example.com", { role: "manager" }));
    expect(new Set(anna.items.map((r) => r.user_email))).toEqual(new Set(["anna@example.com"]));
    expect(anna.total).toBe(2);
    // The older substring filter still matches both.
    const part = await json<Page<AuditItem>>(await call(audit, "/api/audit?user=anna", { role: "manager" }));
    expect(new Set(part.items.map((r) => r.user_email))).toEqual(new Set(["anna@example.com", "joanna@example.com"]));

    const guest = `/api/audit?user_email=${encodeURIComponent("external:Ирина")}`;
    const decisions = await json<Page<AuditItem>>(await call(audit, guest, { role: "manager" }));
    expect(decisions.items.map((r) => [r.user_name, r.role, r.source])).toEqual([["Ирина", "external", "share_link"]]);
    const actions = await json<Page<AuditEventRow>>(await call(events, guest.replace("/api/audit", "/api/audit/events"), { role: "manager" }));
    expect(actions.items.map((r) => [r.actor_name, r.kind, r.post_title, r.campaign_name])).toEqual([["Ирина", "share.commented", postTitle(post.text), campaign.name]]);
  });

  it("refuse a person filter that is not one (empty, too long)", async () => {
    for (const q of ["user_email=", `user_email=${"a".repeat(255)}`]) {
      const res = await call(audit, `/api/audit?${q}`, { role: "manager" });
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).code).toBe("validation_error");
    }
  });
});
