import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as maxLinkRoute } from "@/app/api/account/max/link/route";
import { PUT as putMaxAccount } from "@/app/api/account/max/route";
import { NextRequest } from "next/server";
import { admin, call, cookieFor, ORIGIN, startHarness, type Harness } from "@/app/api/_tests/harness";
import { DEMO_USERS } from "@/lib/auth/demo-users";
import type { Role } from "@/lib/auth/roles";
import { revokeSessions } from "@/lib/server/auth/session-store";
import { addUser } from "@/lib/auth/users-file";
import { db } from "@/lib/server/db";
import { resetServiceForTests, service } from "@/lib/server/upstream-service";
import { sendCard } from "@/lib/server/messengers/card";
import { maxApi, resetMaxApiForTests } from "@/lib/server/messengers/max/api";
import { maxConfig, maxRef } from "@/lib/server/messengers/max/config";
import { maxMessenger } from "@/lib/server/messengers/max/messenger";
import { startMax } from "@/lib/server/messengers/max/runtime";
import { createJobRunner, type JobRunner } from "@/lib/server/jobs";
import { maxLinkByEmail } from "@/lib/server/messengers/max/store";
import { createLinkCode, saveLink, saveRule } from "@/lib/server/messengers/store";
import { telegramApi, resetTelegramApiForTests } from "@/lib/server/messengers/telegram/api";
import { telegramConfig } from "@/lib/server/messengers/telegram/config";
import { telegramTick } from "@/lib/server/messengers/telegram/tick";
import { startBotApiServer, type BotApiServer } from "../telegram/bot-api-server";
import { eventually } from "@/test/eventually";
import { MAX_BOT_USERNAME, maxUser, startMaxApiServer, type MaxApiServer, type MaxMessage, type MaxUser } from "./max-api-server";

/*
 * The MAX bot end to end, the twin of test/telegram/bot.test.ts: a local MAX
 * Bot API server (./max-api-server.ts) that the bot long-polls through the
 * official client, the real simulator upstream, a temp SQLite database, and
 * password users in a users file.
 */

const HASH = DEMO_USERS[0]!.passwordHash;
type Person = { email: string; name: string; role: Role; max: MaxUser };
const person = (email: string, name: string, role: Role, id: number): Person => ({ email, name, role, max: maxUser(id, name) });
const anna = person("anna@example.com", "Анна", "editor", 8001);
const dima = person("dima@example.com", "Дима", "editor", 8002);
const rita = person("rita@example.com", "Рита", "reviewer", 8003);
const gleb = person("gleb@example.com", "Глеб", "admin", 8004);
const stranger = maxUser(8999, "Чужой");
const GROUP = -600;

let h: Harness;
let jobs: JobRunner | undefined;
let mx: MaxApiServer;
let tg: BotApiServer;
let usersFile: string;

const writeUser = (p: Pick<Person, "email" | "name" | "role">) => addUser(usersFile, { email: p.email, name: p.name, role: p.role, passwordHash: HASH }, { force: true });
const cookie = (p: Person) => cookieFor(p.role, p.email, { provider: "credentials" });
type SimPost = { task_id: number; status: string; versions?: { version_number: number; is_active: boolean }[] };
const simPost = async (id: number) => (await (await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } })).json()) as SimPost;
async function waiting(campaign: number): Promise<SimPost[]> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/${campaign}/posts/?status=WAITING_APPROVAL&limit=100`, { headers: { Authorization: "Bearer demo-key" } });
  return ((await res.json()) as { posts: SimPost[] }).posts;
}
const simNow = async () => Date.parse(((await (await admin(h.simUrl, "clock")).json()) as { now: string }).now);
const advanceTo = async (ms: number) => {
  const now = await simNow();
  if (ms > now) await admin(h.simUrl, "clock", { advance_seconds: Math.ceil((ms - now) / 1000) });
  return simNow();
};
const auditRows = (taskId: number) => db().selectFrom("audit_log").selectAll().where("task_id", "=", taskId).orderBy("id").execute();

/** Sends a card through the layer with the MAX adapter, as the profile's "send to MAX" and the reminders do. */
async function cardFor(p: Person, taskId: number): Promise<MaxMessage> {
  const c = maxConfig()!;
  const post = (await service.post(taskId, "interactive")).data;
  const { messageId } = await sendCard(maxMessenger(maxApi(c), c), maxRef(p.max.user_id), post, { kind: "request", headline: (t) => t.kind.request, forEmail: p.email });
  return mx.messages(p.max.user_id).find((m) => m.mid === messageId)!;
}
const shown = (m: MaxMessage) => mx.messages(m.chat_id).find((x) => x.mid === m.mid)!;
const payloadOf = (m: MaxMessage, text: string) => {
  const b = m.buttons.flat().find((x) => x.text === text);
  if (!b?.payload) throw new Error(`no «${text}» button; has ${m.buttons.flat().map((x) => x.text).join(", ")}`);
  return b.payload;
};
/** Presses and returns the bot's answer (POST /answers notification). */
async function press(u: MaxUser, m: MaxMessage, text: string, payload = payloadOf(m, text)): Promise<{ text: string; since: number }> {
  const since = mx.calls.length;
  mx.press(u, m, payload);
  const c = await mx.waitForCall((x) => x.method === "POST" && x.path === "/answers", since);
  return { text: String(c.body.notification ?? ""), since };
}
/** Says something and waits for the bot's reply in that chat. */
async function say(u: MaxUser, chat: number, text: string, locale?: string): Promise<string> {
  const since = mx.calls.length;
  mx.userSays(u, chat, text, locale);
  const c = await mx.waitForCall((x) => x.method === "POST" && x.path === "/messages" && Number(x.query.chat_id) === chat, since);
  return String(c.body.text);
}
async function linkPerson(p: Person): Promise<void> {
  const res = await call(maxLinkRoute, "/api/account/max/link", { method: "POST", headers: { cookie: await cookie(p) } });
  expect(res.status).toBe(200);
  const { code, url } = (await res.json()) as { code: string; url: string };
  expect(url).toBe(`https://max.ru/${MAX_BOT_USERNAME}?start=${code}`);
  const since = mx.calls.length;
  mx.start(p.max, code);
  const c = await mx.waitForCall((x) => x.method === "POST" && x.path === "/messages" && Number(x.query.chat_id) === p.max.user_id, since);
  expect(String(c.body.text)).toContain(`связан с ${p.name}`);
}

beforeAll(async () => {
  mx = await startMaxApiServer();
  // Telegram's local server too, for a person linked to both; its bot is not started (the test ticks itself).
  tg = await startBotApiServer();
  h = await startHarness({ MAX_BOT_TOKEN: mx.token, MAX_API_ROOT: mx.url, TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.url, DEMO: "0" });
  resetServiceForTests({ gateway: { limits: { readsPerMinute: 1000, writesPerMinute: 1000, requestsPerHour: 100_000 } } });
  usersFile = path.join(h.dbDir, "users.json");
  process.env.AUTH_USERS_FILE = usersFile;
  const { resetEnvForTests } = await import("@/lib/env");
  resetEnvForTests();
  resetMaxApiForTests();
  resetTelegramApiForTests();
  for (const p of [anna, dima, rita, gleb]) await writeUser(p);
  jobs = createJobRunner({ held: { ttlMs: 3_000, renewMs: 200 } });
  await startMax(jobs, { pollSeconds: 1, chatLimit: { points: 20, seconds: 60 } });
  await jobs.start();
  await mx.waitForCall((c) => c.path === "/updates");
});

afterAll(async () => {
  await jobs?.stop();
  await h?.close();
  await mx?.close();
  await tg?.close();
});

describe("max bot", () => {
  it("links a person by the start payload, once; a newer code (either messenger's) ends the older; strangers are answered", async () => {
    for (const p of [anna, dima, rita, gleb]) await linkPerson(p);
    expect((await maxLinkByEmail(anna.email))?.max_user_id).toBe(maxRef(anna.max.user_id));

    const res = await call(maxLinkRoute, "/api/account/max/link", { method: "POST", headers: { cookie: await cookie(anna) } });
    const { code } = (await res.json()) as { code: string };
    expect(await say(anna.max, anna.max.user_id, `/start ${code}`)).toContain("связан с Анна");
    expect(await say(stranger, stranger.user_id, `/start ${code}`)).toContain("одноразовая");
    expect(await say(stranger, stranger.user_id, "привет")).toContain("только для участников команды");
    // A stranger is answered in their MAX app's language; a linked person in their own (profile).
    expect(await say(stranger, stranger.user_id, "hello", "en-US")).toContain("only serves team members");

    // One live code per person, whichever messenger asked: a code made later (here Telegram's) ends this MAX one.
    const older = ((await (await call(maxLinkRoute, "/api/account/max/link", { method: "POST", headers: { cookie: await cookie(anna) } })).json()) as { code: string }).code;
    await createLinkCode(anna.email);
    expect(await say(anna.max, anna.max.user_id, `/start ${older}`)).toContain("одноразовая");
  });

  let target: SimPost;
  let card: MaxMessage;
  it("approves from the card, pinned to its version; the card is edited; a second press is answered, not applied", async () => {
    target = (await waiting(101))[0]!;
    card = await cardFor(anna, target.task_id);
    expect(card.format).toBe("html");
    expect(card.buttons.flat().map((b) => b.text)).toEqual(["Согласовать", "Отклонить", "Открыть"]);
    for (const b of card.buttons.flat()) expect(b.payload ?? "").toMatch(/^[A-Za-z0-9_-]{12}$/);
    const version = (await simPost(target.task_id)).versions!.find((v) => v.is_active)!.version_number;
    const approve = payloadOf(card, "Согласовать");
    expect((await press(anna.max, card, "Согласовать")).text).toContain("Согласовано: Анна");
    expect((await simPost(target.task_id)).status).not.toBe("WAITING_APPROVAL");
    expect(await auditRows(target.task_id)).toMatchObject([{ source: "max", action: "approve", user_email: anna.email, version_seen: version, error_code: null }]);
    expect(shown(card).text).toContain("Согласовано: Анна");
    expect(shown(card).buttons).toEqual([]);
    expect((await press(anna.max, card, "", approve)).text).toContain("Уже решено: Анна");
    expect(await auditRows(target.task_id)).toHaveLength(1);
  });

  it("rejects with a category and an optional reason; a 10 kB reason is refused in the chat, not cut", async () => {
    const t = (await waiting(101))[0]!;
    const c = await cardFor(anna, t.task_id);
    const a = await press(anna.max, c, "Отклонить");
    expect(a.text).toContain("Выберите категорию");
    await mx.waitForCall((x) => x.method === "PUT" && x.path === "/messages", a.since);
    expect(shown(c).text).toContain(`#${t.task_id}`); // only the buttons changed
    const cat = await press(anna.max, shown(c), "Тон");
    await mx.waitForCall((x) => x.method === "POST" && x.path === "/messages" && String(x.body.text).startsWith("Категория: Тон"), cat.since);
    expect(await say(anna.max, anna.max.user_id, "очень длинно ".repeat(800))).toContain("длиннее 500 символов");
    expect(await auditRows(t.task_id)).toHaveLength(0);
    expect(await say(anna.max, anna.max.user_id, "Слишком официально для утра")).toContain("Отклонено: Анна");
    expect((await auditRows(t.task_id)).at(-1)).toMatchObject({ source: "max", action: "reject", reason: "Слишком официально для утра", reason_category: "tone", error_code: null });
    expect(shown(c).text).toContain("Отклонено: Анна");
  });

  it("refuses a press after the text changed and sends the new version's card", async () => {
    const t = (await waiting(105))[0]!;
    const c = await cardFor(anna, t.task_id);
    const edited = (await (await admin(h.simUrl, `posts/${t.task_id}/versions`, { text_content: "Новый текст поста после правки редактора." })).json()) as { versions: { version_number: number; is_active: boolean }[] };
    const after = edited.versions.find((v) => v.is_active)!.version_number;
    expect((await press(anna.max, c, "Согласовать")).text).toContain("Текст изменился");
    expect((await simPost(t.task_id)).status).toBe("WAITING_APPROVAL");
    expect((await auditRows(t.task_id)).at(-1)).toMatchObject({ source: "max", error_code: "version_changed" });
    await eventually(() => mx.messages(anna.max.user_id).some((m) => m.mid !== c.mid && m.text.includes(`#${t.task_id} `) && m.text.includes(`версия ${after}`)));
    expect(shown(c).text).toContain("Текст поста изменился");
  });

  it("a demoted person's press is refused; one signed out everywhere loses the bot", async () => {
    const t = (await waiting(106))[0]!;
    const c = await cardFor(dima, t.task_id);
    const before = (await auditRows(t.task_id)).length;
    await writeUser({ ...dima, role: "reviewer" });
    expect((await press(dima.max, c, "Согласовать")).text).toContain("роль не позволяет");
    expect(await auditRows(t.task_id)).toHaveLength(before);
    await writeUser(dima);
    await revokeSessions({ email: dima.email }, "revoked_by_admin", gleb.email);
    expect((await press(dima.max, c, "Согласовать")).text).toContain("только для участников");
    expect(await maxLinkByEmail(dima.email)).toBeNull();
    expect((await simPost(t.task_id)).status).toBe("WAITING_APPROVAL");
  });

  it("team chat: /bind by an admin only, and only a campaign the dashboard knows", async () => {
    await service.campaignPosts(108, { status: ["WAITING_APPROVAL"], limit: 100 }, "background"); // the mirror holds 108 now
    expect(await say(rita.max, GROUP, "/bind 108")).toContain("только администратор");
    expect(await say(gleb.max, GROUP, "/bind 987654")).toContain("неизвестна");
    expect(await say(gleb.max, GROUP, "/bind 108")).toContain("привязан к кампании 108");
    expect(await db().selectFrom("telegram_chats").select("chat_id").where("campaign_id", "=", 108).execute()).toEqual([{ chat_id: maxRef(GROUP) }]);
  });

  it("a person linked to both gets one reminder, where they chose", async () => {
    await saveLink({ email: anna.email, tgUserId: "7001", chatId: "7001", username: "anna" });
    const put = async (to: string) =>
      (await putMaxAccount(new NextRequest(`${ORIGIN}/api/account/max`, { method: "PUT", headers: { cookie: await cookie(anna), origin: ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ reminders_to: to }) }), { params: Promise.resolve({}) })).status;
    const choose = async (to: string) => expect(await put(to)).toBe(200);
    expect(await put("pigeon")).toBe(400);
    await choose("max");
    await saveRule({ campaign_id: 110, approvers: [anna.email], backups: [], remind_hours: 3, repeat_hours: 1, escalate_hours: 0, updated_by: gleb.email });
    const now0 = await simNow();
    const next = (await waiting(110)).map((p) => ({ p, at: Date.parse((p as { published_at?: string }).published_at ?? "") })).filter((x) => x.at > now0 + 3 * 3_600_000).sort((a, b) => a.at - b.at)[0]!;
    const tick = async (at: number) => telegramTick(telegramApi(telegramConfig()!), telegramConfig(), await advanceTo(at));
    const inMax = () => mx.messages(anna.max.user_id).filter((m) => m.text.includes(`#${next.p.task_id} `) && m.text.includes("Напоминание")).length;
    const inTelegram = () => tg.messages(7001).filter((m) => m.text?.includes(`#${next.p.task_id} `) && m.text.includes("Напоминание")).length;

    await tick(next.at - 3 * 3_600_000 + 60_000);
    expect([inMax(), inTelegram()]).toEqual([1, 0]);
    await choose("telegram");
    await tick(next.at - 2 * 3_600_000 + 60_000);
    expect([inMax(), inTelegram()]).toEqual([1, 1]);
  });

  it("a campaign bound in a MAX group gets its due-soon cards there, through MAX", async () => {
    const now = await simNow();
    const next = (await waiting(108)).map((p) => ({ p, at: Date.parse((p as { published_at?: string }).published_at ?? "") })).filter((x) => x.at > now + 60 * 60_000).sort((a, b) => a.at - b.at)[0]!;
    const target = next.p;
    await advanceTo(next.at - 30 * 60_000);
    await eventually(async () => {
      await telegramTick(telegramApi(telegramConfig()!), telegramConfig(), await simNow());
      return mx.messages(GROUP).some((m) => m.text.includes(`#${target.task_id} `));
    }, 15_000);
    expect(mx.messages(GROUP).find((m) => m.text.includes(`#${target.task_id} `))?.buttons.flat().map((b) => b.text)).toContain("Согласовать");
  });
});
