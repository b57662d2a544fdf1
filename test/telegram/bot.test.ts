import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getNotifySettings, PUT as putNotifySettings } from "@/app/api/account/notifications/route";
import { POST as linkRoute, DELETE as unlinkRoute } from "@/app/api/account/telegram/link/route";
import { POST as sendToTelegram } from "@/app/api/posts/[id]/telegram/route";
import { PUT as putRule } from "@/app/api/telegram/campaigns/[id]/route";
import { NextRequest } from "next/server";
import { admin, call, cookieFor, ORIGIN, startHarness, type Harness } from "@/app/api/_tests/harness";
import { DEMO_USERS } from "@/lib/auth/demo-users";
import type { Role } from "@/lib/auth/roles";
import { revokeSessions } from "@/lib/server/auth/session-store";
import { addUser } from "@/lib/auth/users-file";
import { db } from "@/lib/server/db";
import { saveOwnTimeZone } from "@/lib/server/profile/time-zone";
import { handleNotifyEvent } from "@/lib/server/notify/dispatch";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { resetTelegramApiForTests } from "@/lib/server/messengers/telegram/api";
import { startTelegram, stopTelegram } from "@/lib/server/messengers/telegram/runtime";
import { createJobRunner, type JobRunner } from "@/lib/server/jobs";
import { linkByEmail, stepsOf } from "@/lib/server/messengers/store";
import { channelsFromEnv } from "@/lib/server/messengers/channels";
import { messengersTick } from "@/lib/server/messengers/tick";
import { eventually } from "@/test/eventually";
import { startSmtp, startWebhookReceiver, type TestReceiver, type TestSmtp } from "@/test/servers/notify-receivers";
import { BOT_USERNAME, buttonsOf, startBotApiServer, type BotApiServer, type SentMessage, type TgChat, type TgUser } from "./bot-api-server";

/*
 * The bot end to end, with no network: a local Bot API server (./bot-api-server.ts)
 * that the bot long-polls, the real simulator as the upstream, a temp SQLite
 * database, and password users in a users file (so a demotion is a file edit).
 */

const HASH = DEMO_USERS[0]!.passwordHash;
type Person = { email: string; name: string; role: Role; tg: TgUser };
const person = (email: string, name: string, role: Role, id: number): Person => ({ email, name, role, tg: { id, is_bot: false, first_name: name, username: `u${id}` } });
const anna = person("anna@example.com", "Анна", "editor", 7001);
const dima = person("dima@example.com", "Дима", "editor", 7002);
const rita = person("rita@example.com", "Рита", "reviewer", 7003);
const gleb = person("gleb@example.com", "Глеб", "admin", 7004);
const stranger: TgUser = { id: 7999, is_bot: false, first_name: "Чужой" };
const privateChat = (u: TgUser): TgChat => ({ id: u.id, type: "private", first_name: u.first_name });
const GROUP: TgChat = { id: -500, type: "group", title: "Команда кофейни" };
const BACKUP = "boris@example.com";

let h: Harness;
let jobs: JobRunner | undefined;
let tg: BotApiServer;
let smtp: TestSmtp;
let hook: TestReceiver;
const HOOK_SECRET = "team-hook-secret-0123456789";
let usersFile: string;

async function writeUser(p: Pick<Person, "email" | "name" | "role">): Promise<void> {
  await addUser(usersFile, { email: p.email, name: p.name, role: p.role, passwordHash: HASH }, { force: true });
}

const cookie = (p: Person) => cookieFor(p.role, p.email, { provider: "credentials" });
const simNow = async () => Date.parse(((await (await admin(h.simUrl, "clock")).json()) as { now: string }).now);
const advanceTo = async (ms: number) => {
  const now = await simNow();
  if (ms > now) await admin(h.simUrl, "clock", { advance_seconds: Math.ceil((ms - now) / 1000) });
  return simNow();
};
const tick = async (now?: number) => messengersTick(channelsFromEnv(), now ?? (await simNow()));

type SimPost = { task_id: number; campaign_id: number; status: string; published_at: string | null; versions?: { version_number: number; is_active: boolean }[] };
async function simPost(id: number): Promise<SimPost> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/posts/${id}/`, { headers: { Authorization: "Bearer demo-key" } });
  return (await res.json()) as SimPost;
}
/** Waiting posts of a campaign planned after the simulator's now, soonest first. */
async function upcoming(campaign: number): Promise<SimPost[]> {
  const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/${campaign}/posts/?status=WAITING_APPROVAL&limit=100`, { headers: { Authorization: "Bearer demo-key" } });
  const now = await simNow();
  const posts = ((await res.json()) as { posts: SimPost[] }).posts.filter((p) => p.published_at && Date.parse(p.published_at) > now);
  return posts.sort((a, b) => Date.parse(a.published_at!) - Date.parse(b.published_at!));
}

/** The newest card for a post in a chat (a message with buttons naming the post). */
function cardIn(chat: number, taskId: number): SentMessage {
  const cards = tg.messages(chat).filter((m) => m.text?.includes(`#${taskId} `) && buttonsOf(m).some((b) => b.text === "Согласовать"));
  const card = cards.at(-1);
  if (!card) throw new Error(`no card for #${taskId} in chat ${chat}`);
  return card;
}
const button = (m: SentMessage, text: string) => {
  const b = buttonsOf(m).find((x) => x.text === text);
  if (!b?.callback_data) throw new Error(`no «${text}» button; has ${buttonsOf(m).map((x) => x.text).join(", ")}`);
  return b.callback_data;
};

/** Presses and returns the bot's private answer (answerCallbackQuery). */
const press = (u: TgUser, m: SentMessage, text: string) => pressId(u, m, button(m, text));
async function pressId(u: TgUser, m: SentMessage, data: string): Promise<{ text: string; alert: boolean; since: number }> {
  const since = tg.calls.length;
  tg.press(u, m, data);
  const call = await tg.waitForCall((c) => c.method === "answerCallbackQuery", since);
  return { text: String(call.params.text ?? ""), alert: call.params.show_alert === true, since };
}

/** Says something and waits for the bot's reply in that chat. */
async function say(u: TgUser, chat: TgChat, text: string): Promise<string> {
  const since = tg.calls.length;
  tg.userSays(u, chat, text);
  const call = await tg.waitForCall((c) => c.method === "sendMessage" && Number(c.params.chat_id) === chat.id, since);
  return String(call.params.text);
}

async function auditRows(taskId: number) {
  return db().selectFrom("audit_log").selectAll().where("task_id", "=", taskId).orderBy("id").execute();
}

async function linkPerson(p: Person): Promise<void> {
  const res = await call(linkRoute, "/api/account/telegram/link", { method: "POST", headers: { cookie: await cookie(p) } });
  expect(res.status).toBe(200);
  const { code, url } = (await res.json()) as { code: string; url: string };
  expect(url).toBe(`https://t.me/${BOT_USERNAME}?start=${code}`);
  expect(await say(p.tg, privateChat(p.tg), `/start ${code}`)).toContain(`связан с ${p.name}`);
}

beforeAll(async () => {
  tg = await startBotApiServer();
  smtp = await startSmtp();
  hook = await startWebhookReceiver(HOOK_SECRET);
  h = await startHarness({ TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.url, SMTP_URL: smtp.url, NOTIFY_WEBHOOK_URL: hook.url, NOTIFY_WEBHOOK_SECRET: HOOK_SECRET, DEMO: "0" });
  // The simulator runs without rate limits here; the dashboard's own budget is widened the same way, so a round of cards is not cut short.
  resetServiceForTests({ gateway: { limits: { readsPerMinute: 1000, writesPerMinute: 1000, requestsPerHour: 100_000 } } });
  usersFile = path.join(h.dbDir, "users.json");
  process.env.AUTH_USERS_FILE = usersFile;
  const { resetEnvForTests } = await import("@/lib/env");
  resetEnvForTests();
  resetTelegramApiForTests();
  for (const p of [anna, dima, rita, gleb]) await writeUser(p);
  // 20 updates a chat per minute (the default window is 10 s): on a busy machine 25 presses could take longer than 10 s.
  jobs = createJobRunner({ held: { ttlMs: 3_000, renewMs: 200 } });
  await startTelegram(jobs, { tickMs: 3_600_000, chatLimit: { points: 20, seconds: 60 } });
  await jobs.start();
  await tg.waitForCall((c) => c.method === "getUpdates");
});

afterAll(async () => {
  await jobs?.stop();
  stopTelegram();
  await h?.close();
  await tg?.close();
  await smtp?.close();
  await hook?.close();
});

describe("telegram bot", () => {
  it("links a person by a one-time deep link, refuses the code twice, and answers strangers once", async () => {
    for (const p of [anna, dima, rita, gleb]) await linkPerson(p);
    expect((await linkByEmail(anna.email))?.tg_user_id).toBe(String(anna.tg.id));

    // The code works once: a second /start with it (anyone's) is refused and links nobody.
    const res = await call(linkRoute, "/api/account/telegram/link", { method: "POST", headers: { cookie: await cookie(anna) } });
    const { code } = (await res.json()) as { code: string };
    expect(await say(anna.tg, privateChat(anna.tg), `/start ${code}`)).toContain("связан с Анна");
    expect(await say(stranger, privateChat(stranger), `/start ${code}`)).toContain("одноразовая");
    expect(await say(stranger, privateChat(stranger), "/start not-a-valid-code-at-all")).toContain("одноразовая");
    expect((await linkByEmail(anna.email))?.tg_user_id).toBe(String(anna.tg.id));
    const since = tg.calls.length;
    expect(await say(stranger, privateChat(stranger), "привет")).toBe("Этот бот работает только для участников команды, связавших аккаунт в профиле панели.");
    expect(tg.calls.slice(since).filter((c) => c.method === "sendMessage")).toHaveLength(1);
  });

  it("unlinks from the dashboard and from Telegram", async () => {
    const res = await call(unlinkRoute, "/api/account/telegram/link", { method: "DELETE", headers: { cookie: await cookie(dima) } });
    expect(await res.json()).toEqual({ unlinked: true });
    expect(await linkByEmail(dima.email)).toBeNull();
    await linkPerson(dima);
    expect(await say(dima.tg, privateChat(dima.tg), "/unlink")).toContain("удалена");
    expect(await linkByEmail(dima.email)).toBeNull();
    await linkPerson(dima);
  });

  let first: SimPost;
  it("sends a due-soon card to each linked decider, once", async () => {
    first = (await upcoming(101))[0]!;
    const planned = Date.parse(first!.published_at!);
    await advanceTo(planned - 60 * 60_000);
    // A round whose reads fail (a slow machine, a spent budget) leaves its marks free: the next round sends.
    await eventually(async () => {
      await tick();
      return tg.messages(anna.tg.id).some((m) => m.text?.includes(`#${first.task_id} `));
    }, 15_000);
    const card = cardIn(anna.tg.id, first!.task_id);
    expect(card.text).toContain("Скоро публикация");
    expect(card.text).toMatch(/Проверки: /); // the checks' report of this version (lib/checks)
    expect(card.text).toMatch(/Подпись рецензента: /);
    expect(buttonsOf(card).map((b) => b.text)).toEqual(["Согласовать", "Отклонить", "Открыть"]);
    // The callback data is a short opaque id, never the decision or the post.
    for (const b of buttonsOf(card)) expect(b.callback_data ?? "").toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(() => cardIn(rita.tg.id, first!.task_id)).toThrow(); // a reviewer cannot decide: no due-soon card
    const before = tg.messages(anna.tg.id).length;
    await tick();
    expect(tg.messages(anna.tg.id).length).toBe(before);
  });

  it("approves from the card through the dashboard's decision path, and a second press is answered, not applied", async () => {
    const card = cardIn(anna.tg.id, first.task_id);
    const version = (await simPost(first.task_id)).versions!.find((v) => v.is_active)!.version_number;
    const approveId = button(card, "Согласовать");
    const answer = await press(anna.tg, card, "Согласовать");
    expect(answer.text).toContain("Согласовано: Анна");
    expect((await simPost(first.task_id)).status).not.toBe("WAITING_APPROVAL");
    const rows = await auditRows(first.task_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "telegram", action: "approve", user_email: anna.email, version_seen: version, error_code: null });
    expect(tg.messages(anna.tg.id).find((m) => m.message_id === card.message_id)?.text).toContain("Согласовано: Анна");
    // Gleb's card of the same post says who decided.
    await eventually(() => tg.messages(gleb.tg.id).some((m) => m.text?.includes(`#${first.task_id} `) && m.text.includes("Решение уже принято: Анна")));

    // The same button again (a second tap before the edit arrived): answered, not applied.
    const again = await pressId(anna.tg, card, approveId);
    expect(again.text).toContain("Уже решено: Анна");
    expect(await auditRows(first.task_id)).toHaveLength(1);
  });

  it("rejects with a category and a reason given as a reply", async () => {
    const res = await call(sendToTelegram, "/api/posts/x/telegram", { method: "POST", params: { id: String((await upcoming(101))[0]!.task_id) }, headers: { cookie: await cookie(anna) } });
    expect(res.status).toBe(200);
    const target = (await upcoming(101))[0]!;
    const card = cardIn(anna.tg.id, target.task_id);
    expect(card.text).toContain("Отправлено из панели");
    const a = await press(anna.tg, card, "Отклонить");
    expect(a.text).toContain("Выберите категорию");
    await tg.waitForCall((c) => c.method === "editMessageReplyMarkup", a.since);
    const withCategories = tg.messages(anna.tg.id).find((m) => m.message_id === card.message_id)!;
    expect(buttonsOf(withCategories).map((b) => b.text)).toContain("Тон");
    const cat = await press(anna.tg, withCategories, "Тон");
    await tg.waitForCall((c) => c.method === "sendMessage" && String(c.params.text).startsWith("Категория: Тон"), cat.since);
    const reply = await say(anna.tg, privateChat(anna.tg), "Слишком официально для утра");
    expect(reply).toContain("Отклонено: Анна");
    const rows = await auditRows(target.task_id);
    expect(rows.at(-1)).toMatchObject({ source: "telegram", action: "reject", reason: "Слишком официально для утра", reason_category: "tone", error_code: null });
    expect((await simPost(target.task_id)).status).not.toBe("WAITING_APPROVAL");
  });

  it("speaks each person's language: their notification language, a stranger's Telegram app's", async () => {
    const emma = person("emma@example.com", "Emma", "editor", 7005);
    await writeUser(emma);
    await linkPerson(emma); // in Russian: her settings still have the team's language
    const { settings } = ((await (await call(getNotifySettings, "/api/account/notifications", { headers: { cookie: await cookie(emma) } })).json()) as { data: { settings: Record<string, unknown> } }).data;
    const headers = { cookie: await cookie(emma), origin: ORIGIN, "content-type": "application/json" };
    const body = JSON.stringify({ ...settings, locale: "en" });
    const saved = await putNotifySettings(new NextRequest(`${ORIGIN}/api/account/notifications`, { method: "PUT", headers, body }), { params: Promise.resolve({}) });
    expect(saved.status).toBe(200);

    expect(await say(emma.tg, privateChat(emma.tg), "hello")).toMatch(/^Post cards come here as your notification settings say/);
    const target = (await upcoming(101))[0]!;
    expect((await call(sendToTelegram, "/api/posts/x/telegram", { method: "POST", params: { id: String(target.task_id) }, headers: { cookie: await cookie(emma) } })).status).toBe(200);
    const card = tg.messages(emma.tg.id).filter((m) => m.text?.includes(`#${target.task_id} `)).at(-1)!;
    expect(card.text).toContain("Sent from the dashboard");
    expect(card.text).toMatch(/Checks: /);
    expect(buttonsOf(card).map((b) => b.text)).toEqual(["Approve", "Reject", "Open"]);
    expect((await press(emma.tg, card, "Reject")).text).toBe("Why reject? Choose a category:");
    // Anna's language did not change: her answers stay Russian.
    expect(await say(anna.tg, privateChat(anna.tg), "привет")).toMatch(/^Карточки постов приходят сюда/);
    // Someone the bot cannot name yet: their Telegram app's language when it is one of ours.
    const visitor = { ...stranger, id: 7998, language_code: "en-GB" };
    expect(await say(visitor, privateChat(visitor), "hi")).toBe("This bot only serves team members who linked their account in the dashboard's profile.");
    expect(await say(emma.tg, privateChat(emma.tg), "/unlink")).toBe("The link to the dashboard is removed. No more cards will come.");
  });

  it("refuses a press after the text changed and sends the new version's card", async () => {
    const target = (await upcoming(105))[0]!;
    await call(sendToTelegram, "/api/posts/x/telegram", { method: "POST", params: { id: String(target.task_id) }, headers: { cookie: await cookie(anna) } });
    const card = cardIn(anna.tg.id, target.task_id);
    // The card's own version, and the edit's: the simulator's clock runs here, and its world may add a
    // version of a waiting post meanwhile, so neither is read from the post apart from them.
    const before = Number(/версия (\d+)/.exec(card.text ?? "")?.[1]);
    const edited = (await (await admin(h.simUrl, `posts/${target.task_id}/versions`, { text_content: "Новый текст поста после правки редактора." })).json()) as { versions: { version_number: number; is_active: boolean }[] };
    const after = edited.versions.find((v) => v.is_active)!.version_number;
    const a = await press(anna.tg, card, "Согласовать");
    expect(a.text).toContain("Текст изменился");
    expect((await simPost(target.task_id)).status).toBe("WAITING_APPROVAL");
    expect((await auditRows(target.task_id)).at(-1)).toMatchObject({ source: "telegram", error_code: "version_changed", version_seen: before });
    // The new version's card, sent after the press is answered (an older card of the post, from an earlier
    // round, may still be open in the chat: the new one is told by its version).
    const isFresh = (m: SentMessage) => m.message_id !== card.message_id && !!m.text?.includes(`#${target.task_id} `) && m.text.includes(`версия ${after}`) && buttonsOf(m).some((b) => b.text === "Согласовать");
    await eventually(() => tg.messages(anna.tg.id).some(isFresh));
    const fresh = tg.messages(anna.tg.id).filter(isFresh).at(-1)!;
    expect(fresh.text).toContain("Новый текст поста");
    expect(tg.messages(anna.tg.id).find((m) => m.message_id === card.message_id)?.text).toContain("Текст поста изменился");
    expect((await press(anna.tg, fresh, "Согласовать")).text).toContain("Согласовано");
  });

  it("a text over Telegram's limit asks once more on the card; cancel keeps it, confirming approves and the audit says so", async () => {
    // A post the dashboard has not read yet, made long before its card is sent (pinned to that text).
    const { created } = (await (await admin(h.simUrl, "campaigns/101/generate", { count: 1 })).json()) as { created: number[] };
    const target = { task_id: created[0]! };
    await admin(h.simUrl, `posts/${target.task_id}/versions`, { text_content: `${"Очень длинный пост про утренний кофе. ".repeat(120)}Конец.` });
    expect((await call(sendToTelegram, "/api/posts/x/telegram", { method: "POST", params: { id: String(target.task_id) }, headers: { cookie: await cookie(anna) } })).status).toBe(200);
    const card = cardIn(anna.tg.id, target.task_id);
    const shown = () => tg.messages(anna.tg.id).find((m) => m.message_id === card.message_id)!;

    const asked = await press(anna.tg, card, "Согласовать");
    expect(asked).toMatchObject({ alert: true });
    expect(asked.text).toMatch(/без подтверждения.*TELEGRAM \d+\/(4096|1024)/);
    expect((await simPost(target.task_id)).status).toBe("WAITING_APPROVAL");
    await tg.waitForCall((c) => c.method === "editMessageReplyMarkup", asked.since);
    expect(buttonsOf(shown()).map((b) => b.text)).toEqual(["Согласовать, несмотря на это", "Отмена"]);

    const kept = await press(anna.tg, shown(), "Отмена");
    expect(kept.text).toBe("Не согласовано: пост ждёт решения.");
    await tg.waitForCall((c) => c.method === "editMessageReplyMarkup", kept.since);
    expect(buttonsOf(shown()).map((b) => b.text)).toContain("Согласовать");

    const again = await press(anna.tg, shown(), "Согласовать");
    await tg.waitForCall((c) => c.method === "editMessageReplyMarkup", again.since);
    expect((await press(anna.tg, shown(), "Согласовать, несмотря на это")).text).toContain("Согласовано: Анна");
    expect((await simPost(target.task_id)).status).not.toBe("WAITING_APPROVAL");
    expect((await auditRows(target.task_id)).at(-1)).toMatchObject({ source: "telegram", action: "approve", error_code: null });
    expect((await auditRows(target.task_id)).at(-1)?.note).toMatch(/^Согласовано с подтверждением, несмотря на: TELEGRAM/);
  });

  it("a press whose write lands after the dashboard gave up is said to be unknown, not failed", async () => {
    const { created } = (await (await admin(h.simUrl, "campaigns/101/generate", { count: 1 })).json()) as { created: number[] };
    const taskId = created[0]!;
    expect((await call(sendToTelegram, "/api/posts/x/telegram", { method: "POST", params: { id: String(taskId) }, headers: { cookie: await cookie(anna) } })).status).toBe(200);
    let card = cardIn(anna.tg.id, taskId);
    // The service holds the approve past our 2 s timeout, then applies it.
    await admin(h.simUrl, "faults", { late_write_ms: 2_500, late_write_answer: "after" });
    try {
      let answer = await press(anna.tg, card, "Согласовать");
      if (/без подтверждения/.test(answer.text)) {
        // Over a platform's limit: confirmed, as a person would.
        await tg.waitForCall((c) => c.method === "editMessageReplyMarkup", answer.since);
        card = tg.messages(anna.tg.id).find((m) => m.message_id === card.message_id)!;
        answer = await press(anna.tg, card, "Согласовать, несмотря на это");
      }
      expect(answer.text).toMatch(/Исход неизвестен/);
      expect(answer.text).not.toMatch(/^Не удалось/);
    } finally {
      await admin(h.simUrl, "faults", { late_write_ms: 0 });
    }
    await eventually(async () => (await simPost(taskId)).status !== "WAITING_APPROVAL");
    const rows = await auditRows(taskId);
    // Unknown until the settler's read (5 s after), then settled as applied: never recorded as failed.
    expect(rows.at(-1)).toMatchObject({ source: "telegram", action: "approve" });
    expect(["outcome_unknown", "approved_now"]).toContain(rows.at(-1)!.result);
  }, 30_000);

  it("a demoted person's press is refused; one signed out everywhere loses the bot", async () => {
    const target = (await upcoming(105))[0]!;
    await call(sendToTelegram, "/api/posts/x/telegram", { method: "POST", params: { id: String(target.task_id) }, headers: { cookie: await cookie(dima) } });
    const card = cardIn(dima.tg.id, target.task_id);
    await writeUser({ ...dima, role: "reviewer" });
    const a = await press(dima.tg, card, "Согласовать");
    expect(a).toMatchObject({ alert: true });
    expect(a.text).toContain("роль не позволяет");
    expect((await simPost(target.task_id)).status).toBe("WAITING_APPROVAL");
    expect(await auditRows(target.task_id)).toHaveLength(0);

    await writeUser(dima);
    await revokeSessions({ email: dima.email }, "revoked_by_admin", gleb.email);
    const b = await press(dima.tg, card, "Согласовать");
    expect(b.text).toContain("только для участников");
    expect(await linkByEmail(dima.email)).toBeNull();
    expect((await simPost(target.task_id)).status).toBe("WAITING_APPROVAL");
  });

  it("team chat: an admin binds a campaign; due-soon cards go there; the wrong role and strangers are refused privately", async () => {
    const beforeGroup = tg.messages(GROUP.id).length;
    expect(await say(rita.tg, GROUP, "/bind 108")).toContain("только администратор");
    expect(await say(gleb.tg, GROUP, "/bind 108")).toContain("привязан к кампании 108");
    const target = (await upcoming(108))[0]!;
    await advanceTo(Date.parse(target.published_at!) - 30 * 60_000);
    await eventually(async () => {
      await tick();
      return tg.messages(GROUP.id).some((m) => m.text?.includes(`#${target.task_id} `));
    }, 15_000);
    const card = cardIn(GROUP.id, target.task_id);
    const sentToGroup = tg.messages(GROUP.id).length;

    const r = await press(rita.tg, card, "Согласовать");
    expect(r).toMatchObject({ alert: true });
    expect(r.text).toContain("роль не позволяет");
    const s = await press(stranger, card, "Согласовать");
    expect(s).toMatchObject({ alert: true, text: expect.stringContaining("только для участников") });
    expect(tg.messages(GROUP.id).length).toBe(sentToGroup); // refusals are not said in the group
    expect((await simPost(target.task_id)).status).toBe("WAITING_APPROVAL");

    const a = await press(anna.tg, card, "Согласовать");
    expect(a.text).toContain("Согласовано: Анна");
    expect(tg.messages(GROUP.id).find((m) => m.message_id === card.message_id)?.text).toContain("Согласовано: Анна");
    expect(sentToGroup).toBeGreaterThan(beforeGroup);

    // A group no campaign is bound to is ignored.
    const since = tg.calls.length;
    tg.userSays(anna.tg, { id: -777, type: "group", title: "Чужой чат" }, "/digest");
    await new Promise((r) => setTimeout(r, 400));
    expect(tg.calls.slice(since).filter((c) => c.method === "sendMessage")).toHaveLength(0);
  });

  it("a mention becomes a card for a linked person who chose mentions; /digest lists what waits", async () => {
    const target = (await upcoming(102))[0]!;
    await handleNotifyEvent(
      { kind: "mention", to: [rita.email], task_id: target.task_id, campaign_id: target.campaign_id, by: { email: anna.email, name: "Анна" }, comment_id: 1, excerpt: "@Рита глянь вступление" },
      { emailAvailable: false, baseUrl: ORIGIN },
    );
    const card = cardIn(rita.tg.id, target.task_id);
    expect(card.text).toContain("Анна упомянул(а) вас: «@Рита глянь вступление»");
    const digest = await say(anna.tg, privateChat(anna.tg), "/digest");
    expect(digest).toMatch(/Ждут решения: \d+/);
    expect(digest).toContain(`#${target.task_id}`);
  });

  it("limits how fast one chat can press", async () => {
    const card = cardIn(rita.tg.id, (await upcoming(102))[0]!.task_id);
    const since = tg.calls.length;
    for (let i = 0; i < 25; i++) tg.press(rita.tg, card, button(card, "Открыть"));
    await eventually(() => tg.calls.slice(since).filter((c) => c.method === "answerCallbackQuery").length >= 25, 8_000);
    const answers = tg.calls.slice(since).filter((c) => c.method === "answerCallbackQuery").map((c) => String(c.params.text));
    expect(answers.filter((t) => t.includes("Слишком часто")).length).toBeGreaterThan(0);
    expect(answers.filter((t) => t.includes("Пост в панели")).length).toBeLessThanOrEqual(20);
  });

  it("reminds approvers, escalates to backups and then to admins on the simulator's clock, once per step", async () => {
    const body = JSON.stringify({ approvers: [anna.email], backups: [BACKUP], remind_hours: 3, repeat_hours: 1, escalate_hours: 1 });
    const headers = { cookie: await cookie(gleb), origin: ORIGIN, "content-type": "application/json" };
    const res = await putRule(new NextRequest(`${ORIGIN}/api/telegram/campaigns/110`, { method: "PUT", headers, body }), { params: Promise.resolve({ id: "110" }) });
    expect(res.status).toBe(200);
    const target = (await upcoming(110))[0]!;
    const planned = Date.parse(target.published_at!);
    // The backup reads their e-mail in their own zone (profile), not the team's.
    await saveOwnTimeZone(BACKUP, "Asia/Novosibirsk");
    const inNovosibirsk = new Intl.DateTimeFormat("ru-RU", { timeZone: "Asia/Novosibirsk", day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", timeZoneName: "short" }).format(planned);
    const remindersTo = (p: Person) => tg.messages(p.tg.id).filter((m) => m.text?.includes(`#${target.task_id} `) && m.text.includes("Напоминание")).length;

    await tick(await advanceTo(planned - 3 * 3_600_000 + 60_000));
    expect(remindersTo(anna)).toBe(1);
    await tick();
    expect(remindersTo(anna)).toBe(1); // once per step

    await tick(await advanceTo(planned - 2 * 3_600_000 + 60_000));
    expect(remindersTo(anna)).toBe(2);
    expect(smtp.mails.filter((m) => m.subject.includes(`#${target.task_id}`))).toHaveLength(0);

    await tick(await advanceTo(planned - 1 * 3_600_000 + 60_000));
    expect(remindersTo(anna)).toBe(3);
    // The backup has no bot: e-mail follows the same step.
    await eventually(() => smtp.mails.some((m) => m.to.includes(BACKUP) && m.subject.includes(`#${target.task_id}`) && m.subject.includes("Эскалация")));
    expect(smtp.mails.find((m) => m.to.includes(BACKUP) && m.subject.includes(`#${target.task_id}`))?.text).toContain(inNovosibirsk);
    // …and so does the team's webhook, signed, naming who has no bot.
    const stepHook = (step: string) =>
      hook.hooks.filter((x) => (x.body as { task_id?: number; detail?: { step?: string } }).task_id === target.task_id && (x.body as { detail: { step?: string } }).detail?.step === step);
    await eventually(() => stepHook("escalate").length === 1);
    expect(stepHook("escalate")[0]).toMatchObject({ signatureOk: true, body: { kind: "escalation", detail: { to: [BACKUP] } } });
    expect(stepHook("remind:0")).toHaveLength(0); // the approver has the bot: no webhook for her steps

    await tick(await advanceTo(planned + 60_000));
    expect(tg.messages(gleb.tg.id).filter((m) => m.text?.includes(`#${target.task_id} `) && m.text.includes("Время публикации наступило"))).toHaveLength(1);
    await tick();
    expect(tg.messages(gleb.tg.id).filter((m) => m.text?.includes(`#${target.task_id} `) && m.text.includes("Время публикации наступило"))).toHaveLength(1);
    // The rule's own steps (beside them: due-soon card marks of the people who chose those).
    expect((await stepsOf(target.task_id)).map((s) => s.step).filter((s) => /^(remind|escalate|overdue)/.test(s)).sort()).toEqual(["escalate", "overdue", "remind:0", "remind:1", "remind:2"]);
    const events = await db().selectFrom("audit_events").select(["kind", "detail"]).where("task_id", "=", target.task_id).where("kind", "=", "telegram.step_sent").execute();
    expect(events.length).toBeGreaterThanOrEqual(5);
  });
});

describe("telegram bot: what it refuses instead of bending", () => {
  it("a reason over 500 characters is refused in the chat, not cut; the reject waits for a shorter one", async () => {
    const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/105/posts/?status=WAITING_APPROVAL&limit=100`, { headers: { Authorization: "Bearer demo-key" } });
    const target = ((await res.json()) as { posts: SimPost[] }).posts[0]!;
    const sent = await call(sendToTelegram, "/api/posts/x/telegram", { method: "POST", params: { id: String(target.task_id) }, headers: { cookie: await cookie(anna) } });
    expect(sent.status).toBe(200);
    const card = cardIn(anna.tg.id, target.task_id);
    const a = await press(anna.tg, card, "Отклонить");
    await tg.waitForCall((c) => c.method === "editMessageReplyMarkup", a.since);
    const cat = await press(anna.tg, tg.messages(anna.tg.id).find((m) => m.message_id === card.message_id)!, "Тон");
    await tg.waitForCall((c) => c.method === "sendMessage" && String(c.params.text).startsWith("Категория: Тон"), cat.since);

    const long = "очень длинно ".repeat(800); // 10 kB
    expect(await say(anna.tg, privateChat(anna.tg), long)).toContain("длиннее 500 символов");
    expect(await auditRows(target.task_id)).toHaveLength(0);
    expect((await simPost(target.task_id)).status).toBe("WAITING_APPROVAL");

    expect(await say(anna.tg, privateChat(anna.tg), "Коротко: не наш тон")).toContain("Отклонено: Анна");
    expect((await auditRows(target.task_id)).at(-1)).toMatchObject({ action: "reject", reason: "Коротко: не наш тон", reason_category: "tone" });
  });

  it("/bind refuses a campaign the dashboard does not know and binds nothing", async () => {
    expect(await say(gleb.tg, GROUP, "/bind 987654")).toContain("неизвестна");
    expect(await db().selectFrom("telegram_chats").selectAll().where("campaign_id", "=", 987654).execute()).toHaveLength(0);
  });
});
