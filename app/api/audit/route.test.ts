// @vitest-environment node
// GET /api/audit?format=csv: the file speaks the language of the person's interface (NEXT_LOCALE).
// Its times are in the team's (or the person's) time zone, with the offset.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, cookieFor, startHarness, type Harness } from "@/app/api/_tests/harness";
import { recordDecision } from "@/lib/server/audit";
import { appMirrorStore } from "@/lib/server/mirror";
import { postFixture } from "@/test/post-fixture";
import { GET as audit } from "./route";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ TEAM_TIME_ZONE: "Asia/Novosibirsk" });
  await recordDecision({
    at: "2026-11-20T06:17:00.000Z",
    user_email: "anna@example.com",
    user_name: "Анна",
    role: "editor",
    task_id: 1042,
    campaign_id: 101,
    version_number: 2,
    action: "reject",
    reason: "=1+2; «плохо»",
    note: null,
    source: "single",
    status_after: "CANCELED",
    result: "rejected_now",
    error_code: null,
    http_status: 200,
    duration_ms: 35,
  });
});
afterAll(() => h.close());

const csv = async (locale?: string) => {
  const cookie = (await cookieFor("manager")) + (locale ? `; NEXT_LOCALE=${locale}` : "");
  const res = await call(audit, "/api/audit?format=csv", { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  // text() would drop the BOM, so read the bytes.
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes).trimEnd().split("\r\n");
};

describe("audit CSV", () => {
  it("names the post by its title beside the number, from the campaign mirror", async () => {
    const post = postFixture({ task_id: 1042, campaign_id: 101, text: "Тыквенный латте вернулся\nВторая строка" });
    await appMirrorStore().replace(101, "Утренний кофе", [post], { fullBy: Date.now() + 3_600_000, at: Date.now() });
    const [, row] = await csv();
    expect(row).toContain(";редактор;1042;Тыквенный латте вернулся;101;");
    await appMirrorStore().replace(101, "Утренний кофе", [], { fullBy: Date.now() + 3_600_000, at: Date.now() });
  });

  it("is Russian with ; by default", async () => {
    const [header, row] = await csv();
    expect(header).toMatch(/^Запись;Время;Эл\. почта;Имя;Роль;Пост;Заголовок;Кампания;Название кампании;Версия;Увиденная версия;Действие;Причина;Категория причины;/);
    // The time in the team's zone with its offset (the log keeps UTC).
    expect(row).toMatch(/^\d+;2026-11-20T13:17:00\+07:00;anna@example\.com;/);
    expect(row).toContain(`;редактор;1042;;101;Утренний кофе;2;;отклонение;"'=1+2; «плохо»";;;кнопка;Отменён;Пост отклонён;`);
  });

  it("is English with , when the interface is English", async () => {
    const [header, row] = await csv("en");
    expect(header).toMatch(/^Entry,Time,Email,Name,Role,Post,Title,Campaign,Campaign name,Version,Version seen,Action,Reason,Reason category,/);
    expect(row).toContain(",editor,1042,,101,Утренний кофе,2,,reject,'=1+2; «плохо»,,,button,Canceled,");
  });
});
