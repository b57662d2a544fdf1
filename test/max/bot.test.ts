import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as maxLinkRoute, DELETE as maxUnlinkRoute } from "@/app/api/account/max/link/route";
import { GET as getNotifySettings, PUT as putNotifySettings } from "@/app/api/account/notifications/route";
import { POST as sendToMax } from "@/app/api/posts/[id]/max/route";
import { POST as sendToTelegram } from "@/app/api/posts/[id]/telegram/route";
import { GET as getMaxAccount, PUT as putMaxAccount } from "@/app/api/account/max/route";
import { NextRequest } from "next/server";
import { admin, call, cookieFor, errorOf, ORIGIN, startHarness, type Harness } from "@/app/api/_tests/harness";
import { DEMO_USERS } from "@/lib/auth/demo-users";
import { digestDay } from "@/lib/server/messengers/digest-hour";
import { zoneOf } from "@/lib/server/messengers/zone";
import type { Role } from "@/lib/auth/roles";
import { revokeSessions } from "@/lib/server/auth/session-store";
import { addUser } from "@/lib/auth/users-file";
import { db } from "@/lib/server/db";
import { resetServiceForTests, service } from "@/lib/server/upstream-service";
import { sendCard } from "@/lib/server/messengers/card";
import { cardsForEvent } from "@/lib/server/messengers/bridge";
import { channelsFromEnv } from "@/lib/server/messengers/channels";
import { linkedMessengers } from "@/lib/server/messengers/on-request";
import { messengersTick } from "@/lib/server/messengers/tick";
import { handleNotifyEvent } from "@/lib/server/notify/dispatch";
import { maxApi, resetMaxApiForTests } from "@/lib/server/messengers/max/api";
import { maxConfig, maxRef } from "@/lib/server/messengers/max/config";
import { maxMessenger } from "@/lib/server/messengers/max/messenger";
import { startMax, stopMax } from "@/lib/server/messengers/max/runtime";
import { createJobRunner, type JobRunner } from "@/lib/server/jobs";
import { maxLinkByEmail } from "@/lib/server/messengers/max/store";
import { createLinkCode, saveLink, saveRule, stepsOf } from "@/lib/server/messengers/store";
import { resetTelegramApiForTests } from "@/lib/server/messengers/telegram/api";
import { startBotApiServer, type BotApiServer } from "../telegram/bot-api-server";
import { eventually } from "@/test/eventually";
import { MAX_BOT_USERNAME, maxUser, startMaxApiServer, type MaxApiServer, type MaxMessage, type MaxUser } from "./max-api-server";
import { activeCampaigns, waitingIn } from "@/lib/server/messengers/waiting";

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
type SimPost = { task_id: number; campaign_id: number; status: string; versions?: { version_number: number; is_active: boolean }[] };
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
/** The newest card for a post in a MAX chat (a message with «Согласовать» naming the post). */
function cardIn(chat: number, taskId: number, approve = "Согласовать"): MaxMessage {
  const card = mx.messages(chat).filter((m) => m.text.includes(`#${taskId} `) && m.buttons.flat().some((b) => b.text === approve)).at(-1);
  if (!card) throw new Error(`no card for #${taskId} in MAX chat ${chat}`);
  return card;
}
/** Waiting posts of a campaign planned after the simulator's now, soonest first. */
async function upcoming(campaign: number): Promise<(SimPost & { at: number })[]> {
  const now = await simNow();
  return (await waiting(campaign)).map((p) => ({ ...p, at: Date.parse((p as { published_at?: string }).published_at ?? "") })).filter((p) => p.at > now).sort((a, b) => a.at - b.at);
}
const tickNow = async (now?: number) => messengersTick(channelsFromEnv(), now ?? (await simNow()));
const requestCard = async (p: Person, taskId: number) => call(sendToMax, "/api/posts/x/max", { method: "POST", params: { id: String(taskId) }, headers: { cookie: await cookie(p) } });
const putJson = async (handler: typeof putMaxAccount, url: string, p: Person, body: unknown) =>
  handler(new NextRequest(`${ORIGIN}${url}`, { method: "PUT", headers: { cookie: await cookie(p), origin: ORIGIN, "content-type": "application/json" }, body: JSON.stringify(body) }), { params: Promise.resolve({}) });

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
  stopMax();
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

  it("unlinks from the dashboard and from MAX, in MAX's name", async () => {
    const res = await call(maxUnlinkRoute, "/api/account/max/link", { method: "DELETE", headers: { cookie: await cookie(dima) } });
    expect(await res.json()).toEqual({ unlinked: true });
    expect(await maxLinkByEmail(dima.email)).toBeNull();
    await linkPerson(dima);
    expect(await say(dima.max, dima.max.user_id, "/unlink")).toContain("удалена");
    expect(await maxLinkByEmail(dima.email)).toBeNull();
    expect(await say(dima.max, dima.max.user_id, "/unlink")).toBe("Этот MAX не связан с панелью.");
    await linkPerson(dima);
  });

  it("sends a due-soon card to each linked MAX decider, once; approving it closes the others' cards", async () => {
    const first = (await upcoming(101))[0]!;
    await advanceTo(first.at - 60 * 60_000);
    // A round whose reads fail (a slow machine, a spent budget) leaves its marks free: the next round sends.
    await eventually(async () => {
      await tickNow();
      return mx.messages(anna.max.user_id).some((m) => m.text.includes(`#${first.task_id} `)) && mx.messages(gleb.max.user_id).some((m) => m.text.includes(`#${first.task_id} `));
    }, 15_000);
    const card = cardIn(anna.max.user_id, first.task_id);
    expect(card.text).toContain("Скоро публикация");
    expect(card.text).toMatch(/Проверки: /);
    expect(card.text).toMatch(/Подпись рецензента: /);
    expect(card.buttons.flat().map((b) => b.text)).toEqual(["Согласовать", "Отклонить", "Открыть"]);
    expect(() => cardIn(rita.max.user_id, first.task_id)).toThrow(); // a reviewer cannot decide: no due-soon card
    const before = mx.messages(anna.max.user_id).length;
    await tickNow();
    expect(mx.messages(anna.max.user_id).length).toBe(before);
    // Sent by the MAX bot, and the audit says so.
    const sent = await db().selectFrom("audit_events").select(["actor_email"]).where("task_id", "=", first.task_id).where("kind", "=", "max.card_sent").execute();
    expect(sent.length).toBeGreaterThanOrEqual(2); // Anna's and Gleb's (an admin decides too)
    expect(new Set(sent.map((e) => e.actor_email))).toEqual(new Set(["max:bot"]));

    expect((await press(anna.max, card, "Согласовать")).text).toContain("Согласовано: Анна");
    await eventually(() => mx.messages(gleb.max.user_id).some((m) => m.text.includes(`#${first.task_id} `) && m.text.includes("Решение уже принято: Анна")));
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

  it("«send to MAX» on the post page: the card comes to the person's own MAX chat; a messenger not linked is refused", async () => {
    const t = (await upcoming(101))[0]!;
    const res = await requestCard(anna, t.task_id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sent: true, card: expect.any(String) });
    const c = cardIn(anna.max.user_id, t.task_id);
    expect(c.text).toContain("Отправлено из панели");
    // Anna has no Telegram link yet: the Telegram route refuses, naming Telegram; a person without MAX is refused by MAX's.
    const tgRes = await call(sendToTelegram, "/api/posts/x/telegram", { method: "POST", params: { id: String(t.task_id) }, headers: { cookie: await cookie(anna) } });
    expect(tgRes.status).toBe(409);
    expect((await errorOf(tgRes)).message).toContain("Telegram");
    const vera = person("vera@example.com", "Вера", "editor", 8007);
    await writeUser(vera);
    const none = await requestCard(vera, t.task_id);
    expect(none.status).toBe(409);
    expect(await errorOf(none)).toMatchObject({ code: "conflict", message: expect.stringContaining("MAX") });
    expect(mx.messages(vera.max.user_id)).toHaveLength(0);
    // The post page offers only the messengers the person linked.
    expect(await linkedMessengers(anna.email)).toEqual(["max"]);
    expect(await linkedMessengers(vera.email)).toEqual([]);
  });

  it("speaks each person's language in MAX: their notification language, a stranger's MAX app's", async () => {
    const emma = person("emma@example.com", "Emma", "editor", 8005);
    await writeUser(emma);
    await linkPerson(emma); // in Russian: her settings still have the team's language
    const { settings } = ((await (await call(getNotifySettings, "/api/account/notifications", { headers: { cookie: await cookie(emma) } })).json()) as { data: { settings: Record<string, unknown> } }).data;
    expect((await putJson(putNotifySettings, "/api/account/notifications", emma, { ...settings, locale: "en" })).status).toBe(200);

    expect(await say(emma.max, emma.max.user_id, "hello")).toBe("Post cards come here as your notification settings say. /digest: what waits for a decision, /unlink: unlink MAX.");
    const target = (await upcoming(101))[0]!;
    expect((await requestCard(emma, target.task_id)).status).toBe(200);
    const c = cardIn(emma.max.user_id, target.task_id, "Approve");
    expect(c.text).toContain("Sent from the dashboard");
    expect(c.text).toMatch(/Checks: /);
    expect(c.buttons.flat().map((b) => b.text)).toEqual(["Approve", "Reject", "Open"]);
    expect((await press(emma.max, c, "Reject")).text).toBe("Why reject? Choose a category:");
    // Anna's language did not change: her answers stay Russian, naming MAX.
    expect(await say(anna.max, anna.max.user_id, "привет")).toBe("Карточки постов приходят сюда по вашим настройкам уведомлений. /digest — что ждёт решения, /unlink — отвязать MAX.");
    const visitor = maxUser(8998, "Visitor");
    expect(await say(visitor, visitor.user_id, "hi", "en-GB")).toBe("This bot only serves team members who linked their account in the dashboard's profile.");
    expect(await say(emma.max, emma.max.user_id, "/unlink")).toBe("The link to the dashboard is removed. No more cards will come.");
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

  it("a text over a platform's limit asks once more on the card; cancel keeps it, confirming approves and the audit says so", async () => {
    const { created } = (await (await admin(h.simUrl, "campaigns/101/generate", { count: 1 })).json()) as { created: number[] };
    const taskId = created[0]!;
    await admin(h.simUrl, `posts/${taskId}/versions`, { text_content: `${"Очень длинный пост про утренний кофе. ".repeat(120)}Конец.` });
    const r0 = await requestCard(anna, taskId);
    expect(r0.status).toBe(200); // the card's text cut to MAX's 4000 (the local server refuses more)
    const c = cardIn(anna.max.user_id, taskId);

    const asked = await press(anna.max, c, "Согласовать");
    expect(asked.text).toMatch(/без подтверждения/);
    expect((await simPost(taskId)).status).toBe("WAITING_APPROVAL");
    await mx.waitForCall((x) => x.method === "PUT" && x.path === "/messages", asked.since);
    expect(shown(c).buttons.flat().map((b) => b.text)).toEqual(["Согласовать, несмотря на это", "Отмена"]);

    const kept = await press(anna.max, shown(c), "Отмена");
    expect(kept.text).toBe("Не согласовано: пост ждёт решения.");
    await mx.waitForCall((x) => x.method === "PUT" && x.path === "/messages", kept.since);
    expect(shown(c).buttons.flat().map((b) => b.text)).toContain("Согласовать");

    const again = await press(anna.max, shown(c), "Согласовать");
    await mx.waitForCall((x) => x.method === "PUT" && x.path === "/messages", again.since);
    expect((await press(anna.max, shown(c), "Согласовать, несмотря на это")).text).toContain("Согласовано: Анна");
    expect((await simPost(taskId)).status).not.toBe("WAITING_APPROVAL");
    expect((await auditRows(taskId)).at(-1)).toMatchObject({ source: "max", action: "approve", error_code: null });
    expect((await auditRows(taskId)).at(-1)?.note).toMatch(/^Согласовано с подтверждением, несмотря на: TELEGRAM/);
  });

  it("a press whose write lands after the dashboard gave up is said to be unknown, not failed", async () => {
    const { created } = (await (await admin(h.simUrl, "campaigns/101/generate", { count: 1 })).json()) as { created: number[] };
    const taskId = created[0]!;
    expect((await requestCard(anna, taskId)).status).toBe(200);
    let c = cardIn(anna.max.user_id, taskId);
    await admin(h.simUrl, "faults", { late_write_ms: 2_500, late_write_answer: "after" });
    try {
      let answer = await press(anna.max, c, "Согласовать");
      if (/без подтверждения/.test(answer.text)) {
        await mx.waitForCall((x) => x.method === "PUT" && x.path === "/messages", answer.since);
        c = shown(c);
        answer = await press(anna.max, c, "Согласовать, несмотря на это");
      }
      expect(answer.text).toMatch(/Исход неизвестен/);
      expect(answer.text).not.toMatch(/^Не удалось/);
    } finally {
      await admin(h.simUrl, "faults", { late_write_ms: 0 });
    }
    await eventually(async () => (await simPost(taskId)).status !== "WAITING_APPROVAL");
    const rows = await auditRows(taskId);
    expect(rows.at(-1)).toMatchObject({ source: "max", action: "approve" });
    expect(["outcome_unknown", "approved_now"]).toContain(rows.at(-1)!.result);
  }, 30_000);

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

  it("a mention and a change request become cards in MAX for a person who chose them; /digest lists what waits", async () => {
    const target = (await upcoming(102))[0]!;
    await handleNotifyEvent(
      { kind: "mention", to: [rita.email], task_id: target.task_id, campaign_id: target.campaign_id, by: { email: anna.email, name: "Анна" }, comment_id: 1, excerpt: "@Рита глянь вступление" },
      { emailAvailable: false, baseUrl: ORIGIN },
    );
    expect(cardIn(rita.max.user_id, target.task_id).text).toContain("Анна упомянул(а) вас: «@Рита глянь вступление»");
    const changes = { kind: "changes_requested" as const, task_id: target.task_id, campaign_id: target.campaign_id, by: { email: rita.email, name: "Рита" }, version: 1, note: "Поправьте цену" };
    await cardsForEvent(channelsFromEnv(), changes, [gleb.email]);
    expect(cardIn(gleb.max.user_id, target.task_id).text).toContain("Рита");
    expect(cardIn(gleb.max.user_id, target.task_id).text).toContain("Поправьте цену");
    // Change requests turned off for MAX: none comes.
    const kinds = { deadline: true, mention: true, changes_requested: false, digest: false };
    expect((await putJson(putMaxAccount, "/api/account/max", gleb, { kinds })).status).toBe(200);
    const before = mx.messages(gleb.max.user_id).length;
    await cardsForEvent(channelsFromEnv(), changes, [gleb.email]);
    expect(mx.messages(gleb.max.user_id)).toHaveLength(before);

    // The digest lists the soonest of every active campaign's waiting posts: which one that is
    // moves with the simulator's running clock, so it is read the way the digest reads it.
    const soonest = (await waitingIn(await activeCampaigns()))[0]!;
    const digest = await say(anna.max, anna.max.user_id, "/digest");
    expect(digest).toMatch(/Ждут решения: \d+/);
    expect(digest).toContain(`#${soonest.post.task_id}`);
    expect(await say(stranger, stranger.user_id, "/digest")).toContain("только для участников");
  });

  it("limits how fast one chat can press", async () => {
    const c = cardIn(rita.max.user_id, (await upcoming(102))[0]!.task_id);
    const since = mx.calls.length;
    for (let i = 0; i < 25; i++) mx.press(rita.max, c, payloadOf(c, "Открыть"));
    const answers = () => mx.calls.slice(since).filter((x) => x.method === "POST" && x.path === "/answers").map((x) => String(x.body.notification));
    await eventually(() => answers().length >= 25, 8_000);
    expect(answers().filter((t) => t.includes("Слишком часто")).length).toBeGreaterThan(0);
    expect(answers().filter((t) => t.includes("Пост в панели")).length).toBeLessThanOrEqual(20);
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
    const tick = async (at: number) => tickNow(await advanceTo(at));
    const inMax = () => mx.messages(anna.max.user_id).filter((m) => m.text.includes(`#${next.p.task_id} `) && m.text.includes("Напоминание")).length;
    const inTelegram = () => tg.messages(7001).filter((m) => m.text?.includes(`#${next.p.task_id} `) && m.text.includes("Напоминание")).length;

    await tick(next.at - 3 * 3_600_000 + 60_000);
    expect([inMax(), inTelegram()]).toEqual([1, 0]);
    await choose("telegram");
    await tick(next.at - 2 * 3_600_000 + 60_000);
    expect([inMax(), inTelegram()]).toEqual([1, 1]);
  });

  it("a person linked to both gets each mention once, where they chose; a decision in one messenger closes the card in the other", async () => {
    const target = (await upcoming(102))[0]!;
    const mention = { kind: "mention" as const, to: [anna.email], task_id: target.task_id, campaign_id: target.campaign_id, by: { email: rita.email, name: "Рита" }, comment_id: 2, excerpt: "@Анна посмотри" };
    const inMax = () => mx.messages(anna.max.user_id).filter((m) => m.text.includes(`#${target.task_id} `) && m.text.includes("@Анна посмотри")).length;
    const inTelegram = () => tg.messages(7001).filter((m) => m.text?.includes(`#${target.task_id} `) && m.text.includes("@Анна посмотри")).length;
    expect((await putJson(putMaxAccount, "/api/account/max", anna, { reminders_to: "max" })).status).toBe(200);
    expect(await linkedMessengers(anna.email)).toEqual(["telegram", "max"]);
    await cardsForEvent(channelsFromEnv(), mention, [anna.email]);
    expect([inMax(), inTelegram()]).toEqual([1, 0]);
    expect((await putJson(putMaxAccount, "/api/account/max", anna, { reminders_to: "telegram" })).status).toBe(200);
    await cardsForEvent(channelsFromEnv(), mention, [anna.email]);
    expect([inMax(), inTelegram()]).toEqual([1, 1]);
    // Each bot's listener sends only its own share: MAX's sends nothing for a person who chose Telegram.
    await cardsForEvent(channelsFromEnv(), mention, [anna.email], "max");
    expect([inMax(), inTelegram()]).toEqual([1, 1]);

    const c = mx.messages(anna.max.user_id).filter((m) => m.text.includes("@Анна посмотри")).at(-1)!;
    expect((await press(anna.max, c, "Согласовать")).text).toContain("Согласовано: Анна");
    await eventually(() => tg.messages(7001).some((m) => m.text?.includes(`#${target.task_id} `) && m.text.includes("Решение уже принято: Анна")));
  });

  it("a campaign bound in a MAX group gets its due-soon cards there, through MAX", async () => {
    const now = await simNow();
    const next = (await waiting(108)).map((p) => ({ p, at: Date.parse((p as { published_at?: string }).published_at ?? "") })).filter((x) => x.at > now + 60 * 60_000).sort((a, b) => a.at - b.at)[0]!;
    const target = next.p;
    await advanceTo(next.at - 30 * 60_000);
    await eventually(async () => {
      await tickNow();
      return mx.messages(GROUP).some((m) => m.text.includes(`#${target.task_id} `));
    }, 15_000);
    const c = cardIn(GROUP, target.task_id);
    const sentToGroup = mx.messages(GROUP).length;
    expect((await press(rita.max, c, "Согласовать")).text).toContain("роль не позволяет");
    expect((await press(stranger, c, "Согласовать")).text).toContain("только для участников");
    expect(mx.messages(GROUP).length).toBe(sentToGroup); // refusals are not said in the group
    expect((await simPost(target.task_id)).status).toBe("WAITING_APPROVAL");
    expect((await press(anna.max, c, "Согласовать")).text).toContain("Согласовано: Анна");
    expect(shown(c).text).toContain("Согласовано: Анна");

    // A group no campaign is bound to is ignored.
    const since = mx.calls.length;
    mx.userSays(anna.max, -777, "/digest");
    await new Promise((r) => setTimeout(r, 400));
    expect(mx.calls.slice(since).filter((x) => x.method === "POST" && x.path === "/messages")).toHaveLength(0);
  });

  it("reminds approvers, escalates to backups and then to admins through MAX, once per step", async () => {
    await saveRule({ campaign_id: 110, approvers: [rita.email], backups: [gleb.email], remind_hours: 3, repeat_hours: 0, escalate_hours: 1, updated_by: gleb.email });
    const now0 = await simNow();
    const next = (await upcoming(110)).find((p) => p.at > now0 + 3 * 3_600_000)!;
    const count = (p: Person, what: string) => mx.messages(p.max.user_id).filter((m) => m.text.includes(`#${next.task_id} `) && m.text.includes(what)).length;
    await tickNow(await advanceTo(next.at - 3 * 3_600_000 + 60_000));
    expect(count(rita, "Напоминание")).toBe(1);
    await tickNow();
    expect(count(rita, "Напоминание")).toBe(1);
    await tickNow(await advanceTo(next.at - 3_600_000 + 60_000));
    expect(count(gleb, "Эскалация")).toBe(1);
    await tickNow(await advanceTo(next.at + 60_000));
    expect(count(gleb, "Время публикации наступило")).toBe(1);
    await tickNow();
    expect(count(gleb, "Время публикации наступило")).toBe(1);
    expect((await stepsOf(next.task_id)).map((s) => s.step).filter((s) => /^(remind|escalate|overdue)/.test(s)).sort()).toEqual(["escalate", "overdue", "remind:0"]);
    const events = await db().selectFrom("audit_events").select(["actor_email"]).where("task_id", "=", next.task_id).where("kind", "=", "max.step_sent").execute();
    expect(events.map((e) => e.actor_email)).toEqual(["max:bot", "max:bot", "max:bot"]);
  });

  it("the daily digest comes to MAX for a person who chose it there, once a day", async () => {
    const kinds = { deadline: false, mention: true, changes_requested: true, digest: true };
    expect((await putJson(putMaxAccount, "/api/account/max", gleb, { kinds })).status).toBe(200);
    expect(((await (await call(getMaxAccount, "/api/account/max", { headers: { cookie: await cookie(gleb) } })).json()) as { data: { kinds: unknown } }).data.kinds).toEqual(kinds);
    let now = await simNow();
    const zone = await zoneOf(gleb.email);
    while (!digestDay(now, zone)) now = await advanceTo(now + 3_600_000);
    const digests = () => mx.messages(gleb.max.user_id).filter((m) => /Ждут решения: \d+|Сейчас ничего не ждёт/.test(m.text)).length;
    await tickNow(now);
    expect(digests()).toBe(1);
    await tickNow(now + 60_000);
    expect(digests()).toBe(1);
    const sent = await db().selectFrom("audit_events").select(["actor_email", "subject_id"]).where("kind", "=", "max.digest_sent").where("subject_id", "=", gleb.email).execute();
    expect(sent).toEqual([{ actor_email: "max:bot", subject_id: gleb.email }]);
  });
});
