import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { PUT as putRules } from "@/app/api/campaigns/[id]/checks/route";
import { GET as inbox } from "@/app/api/inbox/route";
import { GET as postChecks } from "@/app/api/posts/[id]/checks/route";
import { admin, call, errorOf, startHarness, type CallOptions, type Harness } from "@/app/api/_tests/harness";

/*
 * The lists' "clean / warnings / blocked" filter through
 * the campaign posts route and the inbox route, against the real simulator
 * and a real SQLite database: each value returns exactly the posts whose
 * report (the one the post page shows) has that verdict, the total counts
 * them all before paging, and anything else is a 400.
 */

const VERDICTS = ["clean", "warnings", "blocked"] as const;
type Verdict = (typeof VERDICTS)[number];
type Row = { task_id: number; text: string };
type Page = { posts: Row[]; total: number; limit: number; offset: number };

let h: Harness;
let campaign: number;
const blocked: number[] = [];
const warned: number[] = [];

const sim = async <T>(path: string): Promise<T> =>
  (await (await fetch(`${h.simUrl}/api/v1/ext/${path}`, { headers: { Authorization: "Bearer demo-key" } })).json()) as T;

async function listOf(query: string): Promise<Page> {
  const res = await call(campaignPosts, `/api/campaigns/${campaign}/posts?status=WAITING_APPROVAL&${query}`, { role: "reviewer", params: { id: String(campaign) } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Page }).data;
}

async function inboxOf(query: string): Promise<Page> {
  const res = await call(inbox, `/api/inbox?${query}`, { role: "editor" });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Page }).data;
}

/** What the post page says of a post (its active version, read from the detail): the filter must agree with it. */
async function verdictOf(id: number): Promise<Verdict> {
  const res = await call(postChecks, `/api/posts/${id}/checks`, { role: "reviewer", params: { id: String(id) } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { verdict: Verdict }).verdict;
}

beforeAll(async () => {
  h = await startHarness();
  const { campaigns } = await sim<{ campaigns: { id: number }[] }>("campaigns/?status=ACTIVE");
  campaign = campaigns[0]!.id;
  // Every upstream change comes before the dashboard's first read, so the mirror it builds holds these texts.
  const { created } = (await (await admin(h.simUrl, `campaigns/${campaign}/generate`, { count: 6 })).json()) as { created: number[] };
  const waiting: number[] = [];
  for (const id of created) if ((await sim<{ status: string }>(`posts/${id}/`)).status === "WAITING_APPROVAL") waiting.push(id);
  expect(waiting.length).toBeGreaterThanOrEqual(4);
  const texts: [number[], string][] = [
    [blocked, "Новый курс по финансам: гарантия дохода уже в первый месяц обучения."],
    [blocked, "Вебинар в четверг. Даём гарантию дохода каждому, кто дойдёт до конца."],
    [warned, "Летняя распродажа обуви: скидка на сандалии и кеды в нашем магазине."],
    [warned, "Осенний каталог пледов готов, а на шерстяные модели действует скидка."],
  ];
  for (const [i, [into, text]] of texts.entries()) {
    const id = waiting[i]!;
    await admin(h.simUrl, `posts/${id}/versions`, { text_content: text });
    into.push(id);
  }
  const rules = {
    banned: [
      { phrase: "гарантия дохода", severity: "block", note: "Доход обещать нельзя" },
      { phrase: "скидка", severity: "warn", note: "Скидку согласовать с юристом" },
    ],
  };
  const saved = await call(putRules, `/api/campaigns/${campaign}/checks`, { method: "PUT", role: "admin", params: { id: String(campaign) }, body: rules } as unknown as CallOptions);
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await h?.close();
});

describe("GET /api/campaigns/[id]/posts?checks=", () => {
  it("each value returns exactly the posts with that verdict, with the right total, before paging", async () => {
    const all = await listOf("limit=100");
    expect(all.posts.length).toBe(all.total);
    // The mirror holds the new versions' texts (the filter checks these, never an upstream read per post).
    expect(all.posts.find((p) => p.task_id === blocked[0])?.text).toContain("гарантия дохода");
    const expected: Record<Verdict, number[]> = { clean: [], warnings: [], blocked: [] };
    for (const p of all.posts) expected[await verdictOf(p.task_id)].push(p.task_id);
    expect(expected.blocked).toEqual(expect.arrayContaining(blocked));
    expect(expected.warnings).toEqual(expect.arrayContaining(warned));
    // Every value has posts to find here (the simulator's own texts are mostly clean), so none passes empty.
    for (const v of VERDICTS) expect(expected[v].length).toBeGreaterThan(0);

    for (const v of VERDICTS) {
      const page = await listOf(`checks=${v}&limit=100`);
      expect(page.posts.map((p) => p.task_id)).toEqual(expected[v]);
      expect(page.total).toBe(expected[v].length);
    }
    // The three together are the whole list.
    expect(VERDICTS.reduce((n, v) => n + expected[v].length, 0)).toBe(all.total);

    // A page of one: the total is still every match, and the row is the second match in the list's order.
    const second = await listOf("checks=blocked&limit=1&offset=1");
    expect(second.total).toBe(expected.blocked.length);
    expect(second.posts.map((p) => p.task_id)).toEqual([expected.blocked[1]]);
    expect(second).toMatchObject({ limit: 1, offset: 1 });
  });

  it("refuses any other value with 400 validation_error", async () => {
    for (const bad of ["dirty", "CLEAN", "clean,blocked"]) {
      const res = await call(campaignPosts, `/api/campaigns/${campaign}/posts?checks=${bad}`, { role: "reviewer", params: { id: String(campaign) } });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("validation_error");
    }
  });
});

describe("GET /api/inbox?checks=", () => {
  it("each value returns exactly the campaign's waiting posts with that verdict, with the right total", async () => {
    const all = await inboxOf(`campaign_id=${campaign}&limit=100`);
    expect(all.posts.length).toBe(all.total);
    const expected: Record<Verdict, number[]> = { clean: [], warnings: [], blocked: [] };
    for (const p of all.posts) expected[await verdictOf(p.task_id)].push(p.task_id);
    expect(expected.blocked).toEqual(expect.arrayContaining(blocked));
    expect(expected.warnings).toEqual(expect.arrayContaining(warned));
    for (const v of VERDICTS) {
      const page = await inboxOf(`campaign_id=${campaign}&checks=${v}&limit=100`);
      expect(page.posts.map((p) => p.task_id)).toEqual(expected[v]);
      expect(page.total).toBe(expected[v].length);
    }
    const first = await inboxOf(`campaign_id=${campaign}&checks=warnings&limit=1`);
    expect(first.total).toBe(expected.warnings.length);
    expect(first.posts.map((p) => p.task_id)).toEqual([expected.warnings[0]]);
  });

  it("across every campaign the three values split the inbox without overlap", async () => {
    const all = await inboxOf("limit=100");
    const parts = await Promise.all(VERDICTS.map((v) => inboxOf(`checks=${v}&limit=100`)));
    const ids = parts.flatMap((p) => p.posts.map((r) => r.task_id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(parts.reduce((n, p) => n + p.total, 0)).toBe(all.total);
    expect(parts[2]!.posts.map((p) => p.task_id)).toEqual(expect.arrayContaining(blocked));
  });

  it("refuses any other value with 400 validation_error", async () => {
    const res = await call(inbox, "/api/inbox?checks=dirty", { role: "editor" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("validation_error");
  });
});
