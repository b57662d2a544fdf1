import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getRules, PUT as putRules } from "@/app/api/campaigns/[id]/checks/route";
import { GET as getDefaults, PUT as putDefaults } from "@/app/api/checks/defaults/route";
import { GET as rowsOf } from "@/app/api/checks/rows/route";
import { GET as postChecks } from "@/app/api/posts/[id]/checks/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { GET as auditEvents } from "@/app/api/audit/events/route";
import { GET as checksAnalytics } from "@/app/api/analytics/checks/route";
import { POST as createLink } from "@/app/api/share-links/route";
import { GET as sharedChecks } from "@/app/api/s/[token]/posts/[id]/checks/route";
import type { Role } from "@/lib/auth/roles";
import { isFlat, readCsvZip } from "@/test/csv-read";
import type { Finding } from "@/lib/checks";
import { admin, call, errorOf, ROLES, startHarness, type CallOptions, type Harness } from "@/app/api/_tests/harness";

/*
 * The checks through their routes, against the real simulator (posts and the
 * version admin route) and a real database (SQLite and Postgres, by the two test files): rules read by every role
 * and set by admins only (audited, validated field by field), a post
 * version's findings with exact ranges, the approve refused while a
 * blocking finding stands and allowed once a new version clears it.
 */

type Report = { version: number | null; findings: Finding[]; verdict: string; counts: { warn: number; block: number } };

export type ChecksDatabase = { label: string; start: () => Promise<string | undefined>; stop: () => Promise<void> };

export function describeChecksApi(database: ChecksDatabase): void {
  describe(`checks API (${database.label})`, () => {
    let h: Harness;
    let plain: number;
    let ad: number;
    const waiting: Record<number, number[]> = {};
    const take = (c: number) => {
      const id = waiting[c]?.shift();
      if (id === undefined) throw new Error("out of waiting posts");
      return id;
    };

    const send = (handler: Parameters<typeof call>[0], url: string, o: Omit<CallOptions, "method"> & { method?: string }) => call(handler, url, o as CallOptions);
    const setRules = (campaign: number, rules: unknown, role: Role = "admin", headers?: Record<string, string>) =>
      send(putRules, `/api/campaigns/${campaign}/checks`, { method: "PUT", role, headers, params: { id: String(campaign) }, body: rules });
    const report = async (id: number, role: Role = "reviewer", version?: number) => {
      const res = await call(postChecks, `/api/posts/${id}/checks${version ? `?version=${version}` : ""}`, { role, params: { id: String(id) } });
      expect(res.status).toBe(200);
      return (await res.json()) as Report;
    };
    async function newVersion(id: number, text: string): Promise<number> {
      const res = await admin(h.simUrl, `posts/${id}/versions`, { text_content: text });
      return ((await res.json()) as { versions: { version_number: number; is_active: boolean }[] }).versions.find((v) => v.is_active)!.version_number;
    }
    const approveAs = (id: number, version: number, role: Role = "editor") =>
      call(approve, `/api/posts/${id}/approve`, { method: "POST", role, params: { id: String(id) }, body: { version } });

    beforeAll(async () => {
      // Undefined: the harness's own SQLite file (an explicit undefined would unset it).
      const url = await database.start();
      h = await startHarness({ DEMO: "1", ...(url ? { DATABASE_URL: url } : {}) });
      const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/?status=ACTIVE`, { headers: { Authorization: "Bearer demo-key" } });
      const { campaigns } = (await res.json()) as { campaigns: { id: number }[] };
      for (const { id: c } of campaigns) {
        const { created } = (await (await admin(h.simUrl, `campaigns/${c}/generate`, { count: 12 })).json()) as { created: number[] };
        waiting[c] = [];
        for (const id of created) {
          const p = (await (await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } })).json()) as { status: string };
          if (p.status === "WAITING_APPROVAL") waiting[c]!.push(id);
        }
      }
      [plain, ad] = campaigns.map((c) => c.id).sort((a, b) => waiting[b]!.length - waiting[a]!.length) as [number, number];
      expect(waiting[ad]!.length).toBeGreaterThanOrEqual(3);
    });

    afterAll(async () => {
      await h?.close();
      await database.stop();
    });

    it("every role reads a campaign's rules; with none set they are the built-in defaults", async () => {
      for (const role of ROLES) {
        const res = await call(getRules, `/api/campaigns/${plain}/checks`, { role, params: { id: String(plain) } });
        expect(res.status).toBe(200);
        const { data } = (await res.json()) as { data: { source: string; rules: { banned: unknown[]; near_duplicate: { threshold: number } } } };
        expect(data.source).toBe("built_in");
        expect(data.rules.banned).toEqual([]);
        expect(data.rules.near_duplicate.threshold).toBe(0.8);
      }
      expect((await call(getRules, `/api/campaigns/${plain}/checks`, { params: { id: String(plain) } })).status).toBe(401);
    });

    it("only admins set rules, same-site only; editors, reviewers and managers are refused and nothing changes", async () => {
      const rules = { banned: [{ phrase: "кредит", severity: "warn", note: "" }] };
      for (const role of ["editor", "reviewer", "manager"] as const) {
        const res = await setRules(plain, rules, role);
        expect(res.status).toBe(403);
      }
      expect((await setRules(plain, rules, "admin", { origin: "https://evil.example" })).status).toBe(403);
      const res = await call(getRules, `/api/campaigns/${plain}/checks`, { role: "admin", params: { id: String(plain) } });
      expect(((await res.json()) as { data: { source: string } }).data.source).toBe("built_in");
    });

    it("refuses bad rules with 400 validation_error naming the field", async () => {
      const cases: [unknown, string][] = [
        [{ banned: [{ phrase: "  ", severity: "block" }] }, "banned.0.phrase"],
        [{ banned: [{ phrase: "ok", severity: "fatal" }] }, "banned.0.severity"],
        [{ banned: [{ phrase: "x".repeat(201), severity: "warn" }] }, "banned.0.phrase"],
        [{ banned: Array.from({ length: 501 }, (_, i) => ({ phrase: `слово${i}`, severity: "warn" })) }, "banned"],
        [{ shape: { caps_share: 2 } }, "shape.caps_share"],
        [{ near_duplicate: { threshold: 0.1 } }, "near_duplicate.threshold"],
      ];
      for (const [body, field] of cases) {
        const res = await setRules(plain, body);
        expect(res.status).toBe(400);
        const err = await errorOf(res);
        expect(err.code).toBe("validation_error");
        expect(err.message).toContain(field);
      }
      const english = await send(putRules, `/api/campaigns/${plain}/checks`, { method: "PUT", role: "admin", params: { id: String(plain) }, body: cases[0]![0], headers: { "accept-language": "en" } });
      expect((await errorOf(english)).message).toMatch(/^Invalid parameter banned\.0\.phrase: [a-z]/);
      expect((await setRules(999_999, {})).status).toBe(404);
    });

    it("finds a banned phrase in another word form with its exact range, and blocks the approve until a new version clears it", async () => {
      const saved = await setRules(plain, { banned: [{ phrase: "гарантия дохода", severity: "block", note: "Доход обещать нельзя" }] });
      expect(saved.status).toBe(200);
      const { flagged } = (await saved.json()) as { flagged: { waiting: number; blocked: number } };
      expect(flagged.blocked).toBe(0);

      const id = take(plain);
      const text = "Новый курс. Даём гарантию дохода каждому ученику!";
      const v = await newVersion(id, text);
      for (const role of ROLES) {
        const r = await report(id, role, v);
        expect(r.version).toBe(v);
        expect(r.verdict).toBe("blocked");
        const [f] = r.findings.filter((x) => x.rule === "banned");
        expect(text.slice(f!.start, f!.end)).toBe("гарантию дохода");
        expect(f!.note).toContain("Доход обещать нельзя");
      }

      const refused = await approveAs(id, v);
      expect(refused.status).toBe(409);
      const body = (await refused.json()) as { error: { code: string; message: string }; findings: Finding[] };
      expect(body.error.code).toBe("check_blocked");
      expect(body.error.message).toMatch(/^Пост нельзя одобрить: .*banned \d+–\d+/);
      expect(body.findings.map((f) => f.rule)).toEqual(["banned"]);
      expect(body.findings[0]!.note).toContain("Доход обещать нельзя");
      // In English the refusal is English, naming the finding by rule and range, as in Russian.
      const english = await call(approve, `/api/posts/${id}/approve`, { method: "POST", role: "editor", params: { id: String(id) }, body: { version: v }, headers: { "accept-language": "en" } });
      expect(english.status).toBe(409);
      const { message } = await errorOf(english);
      expect(message).toMatch(new RegExp(`^The post cannot be approved: the checks found 1 blocking finding in version ${v}: banned \\d+–\\d+\\.`));
      expect(message).not.toMatch(/[А-Яа-яЁё]/);
      // Nothing reached the service: the post still waits.
      const upstream = (await (await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } })).json()) as { status: string };
      expect(upstream.status).toBe("WAITING_APPROVAL");

      // The saved rules now flag this waiting post.
      const again = (await (await setRules(plain, { banned: [{ phrase: "гарантия дохода", severity: "block", note: "Доход обещать нельзя" }] })).json()) as { flagged: { blocked: number } };
      expect(again.flagged.blocked).toBeGreaterThanOrEqual(1);

      const v2 = await newVersion(id, "Новый курс. Учим зарабатывать честно, без обещаний.");
      expect((await report(id, "editor", v2)).findings.filter((x) => x.severity === "block")).toEqual([]);
      // The old version's report is kept with its version.
      expect((await report(id, "editor", v)).verdict).toBe("blocked");
      const ok = await approveAs(id, v2);
      expect(ok.status).toBe(200);
    });

    it("blocks an advertising campaign's post without «Реклама», the advertiser and erid; a labelled version passes", async () => {
      expect((await setRules(ad, { advertising: true, advertiser: "ООО «Ромашка»" })).status).toBe(200);
      const id = take(ad);
      const v = await newVersion(id, "Лучшие букеты к празднику с доставкой.");
      const r = await report(id, "manager", v);
      expect(r.findings.filter((f) => f.severity === "block").map((f) => f.rule).sort()).toEqual(["ad_label", "advertiser", "erid"]);
      expect((await approveAs(id, v, "admin")).status).toBe(409);
      const v2 = await newVersion(id, "Реклама. ООО «Ромашка», erid: 2VtzqwXyZ1. Лучшие букеты к празднику с доставкой.");
      expect((await report(id, "manager", v2)).verdict).not.toBe("blocked");
      expect((await approveAs(id, v2, "admin")).status).toBe(200);
    });

    it("audits each rule set with what it was before", async () => {
      const res = await call(auditEvents, `/api/audit/events?campaign_id=${ad}&limit=50`, { role: "admin" });
      const { items } = (await res.json()) as { items: { kind: string; actor_email: string; detail_json: { before: unknown; after: { advertising: boolean } } | null }[] };
      const set = items.filter((i) => i.kind === "checks.set");
      expect(set).toHaveLength(1);
      expect(set[0]!.actor_email).toBe("admin@example.com");
      expect(set[0]!.detail_json!.before).toBeNull();
      expect(set[0]!.detail_json!.after.advertising).toBe(true);
    });

    it("team defaults apply to a campaign without its own rules; only admins set them", async () => {
      const third = Object.keys(waiting).map(Number).find((c) => c !== plain && c !== ad);
      const rules = { required: { hashtag: "warn" } };
      for (const role of ["editor", "reviewer", "manager"] as const) {
        expect((await send(putDefaults, "/api/checks/defaults", { method: "PUT", role, body: rules })).status).toBe(403);
      }
      expect((await send(putDefaults, "/api/checks/defaults", { method: "PUT", role: "admin", body: rules })).status).toBe(200);
      for (const role of ROLES) expect((await call(getDefaults, "/api/checks/defaults", { role })).status).toBe(200);
      if (third !== undefined) {
        const res = await call(getRules, `/api/campaigns/${third}/checks`, { role: "editor", params: { id: String(third) } });
        const { data } = (await res.json()) as { data: { source: string; rules: { required: { hashtag: string } } } };
        expect(data.source).toBe("team");
        expect(data.rules.required.hashtag).toBe("warn");
      }
      // A campaign with its own rules keeps them.
      const own = (await (await call(getRules, `/api/campaigns/${ad}/checks`, { role: "editor", params: { id: String(ad) } })).json()) as { data: { source: string; rules: { required: { hashtag: string } } } };
      expect(own.data.source).toBe("campaign");
      expect(own.data.rules.required.hashtag).toBe("off");
    });

    it("list rows get a verdict and counts for posts whose text the dashboard holds, and none for others", async () => {
      const id = take(plain);
      const v = await newVersion(id, "Гарантия дохода!!!! СРОЧНО ЗАПИСЫВАЙТЕСЬ НА НАШ КУРС СЕГОДНЯ");
      await report(id, "editor", v);
      const res = await call(rowsOf, `/api/checks/rows?ids=${id},987654`, { role: "reviewer" });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: Record<string, { verdict: string; warn: number; block: number }> };
      expect(data[String(id)]).toMatchObject({ verdict: "blocked", block: 1 });
      expect(data[String(id)]!.warn).toBeGreaterThan(0);
      expect(data["987654"]).toBeUndefined();
      expect((await call(rowsOf, "/api/checks/rows?ids=1;drop", { role: "reviewer" })).status).toBe(400);
    });

    it("analytics: findings by rule and campaign, decisions on clean vs flagged versions, clean at first version; managers and admins only; exportable", async () => {
      for (const role of ["editor", "reviewer"] as const) expect((await call(checksAnalytics, "/api/analytics/checks", { role })).status).toBe(403);
      const res = await call(checksAnalytics, "/api/analytics/checks", { role: "manager" });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as {
        data: {
          by_rule: { campaign_id: number; rule: string; count: number }[];
          decisions: Record<"clean" | "flagged" | "unchecked", { approved: number; rejected: number }>;
          first_version: { campaign_id: number; posts: number; clean: number; share: number | null }[];
        };
      };
      expect(data.by_rule.find((r) => r.campaign_id === plain && r.rule === "banned")?.count).toBeGreaterThanOrEqual(2);
      expect(data.by_rule.filter((r) => r.campaign_id === ad).map((r) => r.rule)).toEqual(expect.arrayContaining(["ad_label", "advertiser", "erid"]));
      // Both approvals in these tests were of versions the checks passed; the blocked attempts are no decisions.
      expect(data.decisions.clean.approved + data.decisions.flagged.approved).toBe(2);
      const adFirst = data.first_version.find((f) => f.campaign_id === ad)!;
      expect(adFirst).toMatchObject({ posts: 1, clean: 0, share: 0 });
      const csv = await call(checksAnalytics, "/api/analytics/checks?format=csv", { role: "admin" });
      expect(csv.status).toBe(200);
      // Three tables, three flat CSV files in one zip: a spreadsheet opens each table as it is.
      expect(csv.headers.get("content-type")).toMatch(/application\/zip/);
      const files = readCsvZip(new Uint8Array(await csv.arrayBuffer()));
      expect(Object.keys(files).sort()).toEqual(["decisions.csv", "findings.csv", "first_version.csv"]);
      for (const rows of Object.values(files)) expect(isFlat(rows)).toBe(true);
    });

    it("a share link that may decide shows the findings to an outside approver; a read-only link does not", async () => {
      const id = take(plain);
      const text = "Курс с гарантией дохода для всех";
      await newVersion(id, text);
      const link = async (can_decide: boolean) => {
        const res = await call(createLink, "/api/share-links", { method: "POST", role: "editor", body: { task_id: id, expires_in_hours: 24, can_decide } });
        expect(res.status).toBe(201);
        return new URL(((await res.json()) as { url: string }).url).pathname.replace(/^\/s\//, "");
      };
      const visit = (token: string) => call(sharedChecks, `/api/s/${token}/posts/${id}/checks`, { params: { token, id: String(id) }, headers: { "x-forwarded-for": "203.0.113.9" } });
      const deciding = await visit(await link(true));
      expect(deciding.status).toBe(200);
      const r = (await deciding.json()) as Report;
      const banned = r.findings.find((f) => f.rule === "banned")!;
      expect(text.slice(banned.start, banned.end)).toBe("гарантией дохода");
      expect((await visit(await link(false))).status).toBe(403);
      expect((await visit("nonsense-token")).status).toBe(404);
    });
  });
}
